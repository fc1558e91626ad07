import ReactorFlow

/// The storage of a screen's `reactor` that binds it once the screen has loaded — ReactorKit's
/// storyboard view (`DeferredReactorView`) on the headless tree.
///
/// Assigning the reactor replaces the screen's dispose bag. If the screen has not loaded yet,
/// `bind(reactor:)` waits until it does — when it first comes into view, or at
/// ``Screen/loadViewIfNeeded()`` — and runs after ``Screen/viewDidLoad()`` returned, so that
/// `viewDidLoad` sees the properties set after the reactor and the bindings see what
/// `viewDidLoad` set up. Only the reactor assigned last is bound; one removed (`nil`) before is
/// not. Once the screen has loaded, each assignment binds at once.
///
/// ```swift
/// final class GreetingReactor: Reactor {
///   enum Action { case rename(String) }
///   struct State { var name = "" }
///   let initialState = State()
///   let store = ReactorStore<GreetingReactor>()
///   func reduce(state: State, mutation: Action) -> State {
///     guard case .rename(let name) = mutation else { return state }
///     return State(name: name)
///   }
/// }
///
/// final class GreetingScreen: Screen, DeferredReactorView {
///   @BindsReactorWhenLoaded var reactor: GreetingReactor?
///   var disposeBag = DisposeBag()
///   var userName = ""
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     content = ["Hello, \(userName)"]
///   }
///
///   func bind(reactor: GreetingReactor) {
///     reactor.observe(\.name) { [weak self] in self?.title = $0 }
///       .disposed(by: disposeBag)
///   }
/// }
///
/// let window = Window()
/// let greeting = GreetingScreen()
/// greeting.reactor = GreetingReactor()
/// greeting.userName = "Ada"  // viewDidLoad sees it
/// window.rootViewController = greeting  // loads, then binds
/// ```
@MainActor
@propertyWrapper
public struct BindsReactorWhenLoaded<R: Reactor> {
  private var reactor: R?

  /// Creates the storage with no reactor.
  public init() { reactor = nil }

  /// Unavailable: the enclosing-instance subscript is used instead.
  @available(*, unavailable, message: "@BindsReactorWhenLoaded can only be used in a Screen adopting View")
  public var wrappedValue: R? {
    get { fatalError("unavailable") }
    // swift-format-ignore
    set { fatalError("unavailable") }
  }

  /// The reactor; assigning it replaces the bindings (see the type's documentation).
  public static subscript<V: Screen & View>(
    _enclosingInstance screen: V,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<V, R?>,
    storage storageKeyPath: ReferenceWritableKeyPath<V, BindsReactorWhenLoaded<R>>
  ) -> R? where V.Reactor == R {
    get { screen[keyPath: storageKeyPath].reactor }
    set {
      screen[keyPath: storageKeyPath].reactor = newValue
      screen.disposeBag = DisposeBag()
      screen.pendingBinding = nil
      guard let reactor = newValue else { return }
      if screen.isViewLoaded {
        screen.bind(reactor: reactor)
        return
      }
      // Weakly: a screen released before it loads is not kept by its own binding.
      screen.pendingBinding = { [weak screen] in
        guard let screen, let reactor = screen[keyPath: storageKeyPath].reactor else { return }
        screen.bind(reactor: reactor)
      }
    }
  }
}
