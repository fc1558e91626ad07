import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

final class GreetingReactor: Reactor {
  enum Action: Sendable { case rename(String) }
  struct State { var name = "" }
  let initialState = State()
  let store = ReactorStore<GreetingReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .rename(let name): newState.name = name
    }
    return newState
  }
}

/// ReactorKit's storyboard view on the headless tree: `viewDidLoad` reads a property the
/// presenter sets after assigning the reactor; the binding needs what `viewDidLoad` set up.
final class GreetingScreen: Screen, DeferredReactorView {
  @BindsReactorWhenLoaded var reactor: GreetingReactor?
  var disposeBag = DisposeBag()
  /// Set by the presenter after `reactor`.
  var userName = ""
  /// What `viewDidLoad` built from `userName` (a label's text).
  var header: String?
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    header = "Hello, \(userName)"
    log.append("viewDidLoad: \(userName)")
  }

  func bind(reactor: GreetingReactor) {
    log.append("bind: \(header ?? "no header"), loaded \(isViewLoaded)")
    reactor.observe(\.name) { [weak self] name in self?.content = [name] }
      .disposed(by: disposeBag)
  }
}

@MainActor
@Suite("Presentation: a deferred reactor view binds when the screen loads", .checksLeaks)
struct DeferredBindingTests {
  @Test(
    "a reactor assigned before the screen loads is bound after viewDidLoad, which saw the properties set after it"
  )
  func bindsAfterViewDidLoad() {
    let window = Window()
    let screen = GreetingScreen(title: "Greeting")
    let reactor = GreetingReactor()
    screen.reactor = reactor
    screen.userName = "Ada"
    #expect(!screen.isViewLoaded)
    #expect(screen.log.isEmpty)
    window.rootViewController = screen
    #expect(screen.log == ["viewDidLoad: Ada", "bind: Hello, Ada, loaded true"])
    reactor.send(.rename("Grace"))
    #expect(screen.content == ["Grace"])
  }

  @Test("a screen below the top of a stack is bound when it first comes into view")
  func boundWhenShown() {
    let window = Window()
    let below = GreetingScreen(title: "Below")
    below.reactor = GreetingReactor()
    let stack = NavigationStack(rootViewController: below)
    stack.pushViewController(Screen(title: "Top"), animated: false)
    window.rootViewController = stack
    #expect(below.log.isEmpty)
    stack.popViewController(animated: true)
    #expect(below.log == ["viewDidLoad: ", "bind: Hello, , loaded true"])
  }

  @Test("loadViewIfNeeded binds, once")
  func loadViewIfNeededBinds() {
    let screen = GreetingScreen()
    screen.reactor = GreetingReactor()
    screen.loadViewIfNeeded()
    screen.loadViewIfNeeded()
    #expect(screen.log == ["viewDidLoad: ", "bind: Hello, , loaded true"])
  }

  @Test("the reactor assigned last before the screen loads is the one bound; one removed is not")
  func latestReactorBound() {
    let screen = GreetingScreen()
    let first = GreetingReactor()
    let second = GreetingReactor()
    screen.reactor = first
    screen.reactor = second
    screen.loadViewIfNeeded()
    #expect(screen.log.count == 2)
    second.send(.rename("second"))
    first.send(.rename("first"))
    #expect(screen.content == ["second"])
    let removed = GreetingScreen()
    removed.reactor = GreetingReactor()
    removed.reactor = nil
    removed.loadViewIfNeeded()
    #expect(removed.log == ["viewDidLoad: "])
  }

  @Test("once the screen has loaded, each reactor assigned is bound at once, with a fresh dispose bag")
  func loadedScreenBindsAtOnce() {
    let screen = GreetingScreen()
    screen.loadViewIfNeeded()
    screen.reactor = GreetingReactor()
    let firstBag = screen.disposeBag
    screen.reactor = GreetingReactor()
    #expect(screen.log == ["viewDidLoad: ", "bind: Hello, , loaded true", "bind: Hello, , loaded true"])
    #expect(screen.disposeBag !== firstBag)
  }

  @Test("a screen released before it loads releases its reactor")
  func releasedBeforeLoading() {
    weak var reactor: GreetingReactor?
    do {
      let screen = GreetingScreen()
      let strong = GreetingReactor()
      reactor = strong
      screen.reactor = strong
    }
    #expect(reactor == nil)
  }
}
