import Clocks
import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 004 (삐삐의 핵심 뼈대인 ReactorKit 뿌셔보기): ReactorKit's reactor, view, @Pulse and a
// global event merged in transform(mutation:). The post grows TextFieldViewReactor and
// TextFieldViewController in three steps; each step is a namespace here (`FirstVersion`,
// `SecondVersion`, then the final one at file scope), so every snippet keeps its own code.
// Snippets 004-03, 004-05, 004-12 and 004-13 are ReactorKit's own definitions (Reactor, View,
// Pulse, pulse(_:)): ReactorFlow has them under the same names; they are not ported.
// Types are file-private: the five seeds' ports share one test target and reuse names.

// MARK: - 004-01 / 004-02: mutate and reduce of a follow button

/// `Observable<Bool>` → `async throws -> Bool` (MigratingFromReactorKit: services).
private enum UserService {
  static func executeFollowUser(_ userId: Int) async throws -> Bool { userId != 0 }
}

private final class FollowReactor: Reactor {
  enum Action { case didTapFollowButton(Int) }
  enum Mutation {
    case presentSuccessToastMessage
    case presentFailureToastMessage
    case setFollowButtonTintColor(UIColor)
  }
  struct State {
    var shouldPresentSucessToastMessage = false
    var shouldPresentFailureToastMessage = false
    var followButtonTintColor: UIColor?
  }
  let initialState = State()
  let store = ReactorStore<FollowReactor>()

  // 004-01
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .didTapFollowButton(let userId):
      return .run { send in
        let success = try await UserService.executeFollowUser(userId)
        if success {
          await send(.presentSuccessToastMessage)
          await send(.setFollowButtonTintColor(UIColor.Red))
          return
        }
        await send(.presentFailureToastMessage)
      }
    }
  }

  // 004-02 (the post names the mutations `setSuccessToastMessage` / `setFailureToastMessage` here
  // and `present…` in mutate: one enum has to pick, mutate's names are kept)
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .presentSuccessToastMessage:
      newState.shouldPresentSucessToastMessage = true
    case .presentFailureToastMessage:
      newState.shouldPresentFailureToastMessage = true
    case .setFollowButtonTintColor(let color):
      newState.followButtonTintColor = color
    }
    return newState
  }
}

// MARK: - 004-04, 004-06, 004-07: the first reactor, scene set-up and view

private enum FirstVersion {
  // 004-04
  final class TextFieldViewReactor: Reactor {
    // MARK: - Action
    enum Action {
      case inputField(String)
    }

    // MARK: - Mutation
    enum Mutation {
      case setLengthOfString(Int)
      case setCapitalizedString(String)
    }

    // MARK: - State
    struct State {
      var capitalizedString: String?
      var lengthOfString: Int?
    }

    // MARK: - Properties
    var initialState: State
    let store = ReactorStore<TextFieldViewReactor>()

    // MARK: - Intializer
    init() {
      self.initialState = State()
    }

    // MARK: - Mutate
    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .inputField(let input):
        let lengthOfString = input.count
        let capitalizedString = input.uppercased()
        return Effect<Mutation>.concat(
          Effect.just(.setLengthOfString(lengthOfString)),
          Effect.just(.setCapitalizedString(capitalizedString))
        )
      }
    }

    // MARK: - Reduce
    func reduce(state: State, mutation: Mutation) -> State {
      var newState = state
      switch mutation {
      case .setLengthOfString(let length):
        newState.lengthOfString = length
      case .setCapitalizedString(let string):
        newState.capitalizedString = string
      }
      return newState
    }
  }

  // 004-06 (the UIScene callback has no headless counterpart: its body is `scene()`)
  @MainActor final class SceneDelegate {
    var window: Window?

    func scene() {
      window = Window()

      let reactor = TextFieldViewReactor()
      let textfieldViewController = TextFieldViewController(reactor: reactor)

      window?.rootViewController = NavigationStack(rootViewController: textfieldViewController)
      window?.makeKeyAndVisible()
    }
  }

  // 004-07 (its bind(reactor:); the layout methods are UI only)
  final class TextFieldViewController: Screen, View {
    // MARK: - Typealias
    typealias Reactor = TextFieldViewReactor

    // MARK: - Views
    var textfield: UITextField = UITextField()
    var capitalizedStringLabel: UILabel = UILabel()
    var lengthOfStringLabel: UILabel = UILabel()

    // MARK: - Properties
    var disposeBag: DisposeBag = DisposeBag()
    @BindsReactor var reactor: TextFieldViewReactor?

    // MARK: - Intializer
    convenience init(reactor: TextFieldViewReactor) {
      self.init()
      self.reactor = reactor
    }

    // MARK: - Reactor
    func bind(reactor: TextFieldViewReactor) {
      textfield.onTextChange = { reactor.send(Reactor.Action.inputField($0)) }

      reactor.observe(\.capitalizedString) { [weak self] in self?.capitalizedStringLabel.text = $0 }
        .disposed(by: disposeBag)

      reactor.observe(\.lengthOfString) { [weak self] in
        if let length = $0 { self?.lengthOfStringLabel.text = "\(length)" }
      }
      .disposed(by: disposeBag)
    }
  }
}

// MARK: - 004-08 … 004-11: initial background colour, @Pulse alert

private enum SecondVersion {
  // 004-10, with 004-11's Mutation and State (the post shows them in the view controller's file)
  final class TextFieldViewReactor: Reactor {
    enum Action {
      case inputField(String)
    }

    // MARK: - Mutation
    enum Mutation {
      case setCapitalizedString(String)
      case setLengthOfString(Int)

      // ⭐️
      case showAlertMessage(String)
    }

    // MARK: - State
    struct State {
      var backgroundColor: UIColor?

      var lengthOfString: Int?
      var capitalizedString: String?

      // ⭐️
      @Pulse var alertMessage: String?
    }

    var initialState: State
    let store = ReactorStore<TextFieldViewReactor>()

    // Not shown in the post: 004-08 calls `TextFieldViewReactor(backgroundColor:)`.
    init(backgroundColor color: UIColor? = nil) {
      self.initialState = State(backgroundColor: color)
    }

    // MARK: - Mutate
    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .inputField(let input):
        // ⭐️
        if input.isNumber {
          return Effect<Mutation>.just(.showAlertMessage("소문자를 입력할 수 없습니다."))
        } else {
          let lengthOfString = input.count
          let capitalizedString = input.uppercased()
          return Effect<Mutation>.concat(
            Effect.just(.setCapitalizedString(capitalizedString)),
            Effect.just(.setLengthOfString(lengthOfString))
          )
        }
      }
    }

    // MARK: - Reduce
    func reduce(state: State, mutation: Mutation) -> State {
      var newState = state
      switch mutation {
      case .setCapitalizedString(let string):
        newState.capitalizedString = string
      case .setLengthOfString(let length):
        newState.lengthOfString = length
      // ⭐️
      case .showAlertMessage(let message):
        newState.alertMessage = message
      }
      return newState
    }
  }

  // 004-08
  @MainActor final class SceneDelegate {
    var window: Window?

    func scene() {
      window = Window()

      let reactor = TextFieldViewReactor(backgroundColor: UIColor.systemTeal)
      let textfieldViewController = TextFieldViewController(reactor: reactor)

      window?.rootViewController = NavigationStack(rootViewController: textfieldViewController)
      window?.makeKeyAndVisible()
    }
  }

  // 004-07 + 004-09 + 004-11
  final class TextFieldViewController: Screen, View {
    typealias Reactor = TextFieldViewReactor

    let view = UIView()
    var textfield: UITextField = UITextField()
    var capitalizedStringLabel: UILabel = UILabel()
    var lengthOfStringLabel: UILabel = UILabel()

    var disposeBag: DisposeBag = DisposeBag()
    @BindsReactor var reactor: TextFieldViewReactor?

    convenience init(reactor: TextFieldViewReactor) {
      self.init()
      self.reactor = reactor
    }

    func bind(reactor: TextFieldViewReactor) {
      textfield.onTextChange = { reactor.send(Reactor.Action.inputField($0)) }

      reactor.observe(\.capitalizedString) { [weak self] in self?.capitalizedStringLabel.text = $0 }
        .disposed(by: disposeBag)

      reactor.observe(\.lengthOfString) { [weak self] in
        if let length = $0 { self?.lengthOfStringLabel.text = "\(length)" }
      }
      .disposed(by: disposeBag)

      // ⭐️ 004-09
      reactor.observe(\.backgroundColor) { [weak self] in self?.view.backgroundColor = $0 }
        .disposed(by: disposeBag)

      // ⭐️ 004-11
      reactor.pulse(\.$alertMessage) { [weak self] in
        if let message = $0 { self?.showWarningAlert(message) }
      }
      .disposed(by: disposeBag)
    }
  }
}

// 004-11
extension SecondVersion.TextFieldViewController {
  // ⭐️
  func showWarningAlert(_ message: String) {
    // Clear all field and labels
    textfield.text?.removeAll()
    lengthOfStringLabel.text = "0"
    capitalizedStringLabel.text?.removeAll()

    // Show warning alert (a UIAlertController is a screen with the alert's title and lines)
    let alert = Screen(title: "입력 오류", content: [message, "확인"])

    present(alert, animated: true)
  }
}

// 004-10
extension String {
  fileprivate var isNumber: Bool {
    return self.range(
      of: ".*[0-9]+.*",
      options: .regularExpression) != nil
  }
}

// MARK: - 004-14: ServiceProvider.swift

private class BaseService {
  unowned let provider: ServiceProviderProtocol

  init(provider: ServiceProviderProtocol) {
    self.provider = provider
  }
}

private enum SettingEvent {
  case setBackgroundColor(UIColor?)
}

private protocol SettingServiceProtocol {
  var event: PublishRelay<SettingEvent> { get }

  @discardableResult
  func setBackgroundColor(_ color: UIColor?) -> Effect<UIColor?>
}

private final class SettingService: BaseService, SettingServiceProtocol {
  var event: PublishRelay<SettingEvent> = PublishRelay<SettingEvent>()

  func setBackgroundColor(_ color: UIColor?) -> Effect<UIColor?> {
    event.accept(.setBackgroundColor(color))
    return Effect<UIColor?>.just(color)
  }
}

private protocol ServiceProviderProtocol: AnyObject {
  var settings: SettingServiceProtocol { get }
}

private final class ServiceProvider: ServiceProviderProtocol {
  lazy var settings: SettingServiceProtocol = SettingService(provider: self)
}

// MARK: - 004-15: SettingsViewReactor.swift

private final class SettingViewReactor: Reactor {
  // MARK: - Action
  enum Action {
    case didTapButton
  }

  // MARK: - Mutation
  enum Mutation {
    case setBackgroundColor(UIColor?)
  }

  // MARK: - State
  struct State {
    var backgroundColor: UIColor?
  }

  // MARK: - Properties
  var initialState: State
  var provider: ServiceProviderProtocol
  let store = ReactorStore<SettingViewReactor>()

  let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemTeal, .systemGreen]

  // MARK: - Intializer
  init(
    backgroundColor color: UIColor? = nil,
    service provider: ServiceProviderProtocol
  ) {
    self.initialState = State(
      backgroundColor: color
    )
    self.provider = provider
  }

  // MARK: - Mutate
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .didTapButton:
      let color = colors.randomElement()
      provider.settings.setBackgroundColor(color)  // ⭐️
      return Effect<Mutation>.just(.setBackgroundColor(color))
    }
  }

  // MARK: - Reduce
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setBackgroundColor(let color):
      newState.backgroundColor = color
    }
    return newState
  }
}

// MARK: - 004-16: SettingsViewController.swift (its bind(reactor:))

private final class SettingViewController: Screen, View {
  // MARK: - Typealias
  typealias Reactor = SettingViewReactor

  // MARK: - Views
  let view = UIView()
  var button: UIButton = UIButton()

  // MARK: - Properties
  var disposeBag: DisposeBag = DisposeBag()
  @BindsReactor var reactor: SettingViewReactor?

  // MARK: - Intializer
  convenience init(reactor: SettingViewReactor) {
    self.init()
    self.reactor = reactor
  }

  // MARK: - Reactor
  func bind(reactor: SettingViewReactor) {
    button.onTap = { reactor.send(Reactor.Action.didTapButton) }

    reactor.observe(\.backgroundColor) { [weak self] in self?.view.backgroundColor = $0 }
      .disposed(by: disposeBag)
  }
}

// MARK: - 004-17: the final TextFieldViewReactor

private final class TextFieldViewReactor: Reactor {
  // MARK: - Action
  enum Action: Equatable {
    case inputField(String)
    case didTapSettingButton  // ⭐️
  }

  // MARK: - Mutation
  enum Mutation {
    case setBackgroundColor(UIColor?)

    case setCapitalizedString(String)
    case setLengthOfString(Int)

    case showAlertMessage(String)
    case pushSettingViewController(Screen?)  // ⭐️
  }

  // MARK: - State
  struct State {
    var backgroundColor: UIColor?

    var lengthOfString: Int?
    var capitalizedString: String?

    @Pulse var alertMessage: String?
    @Pulse var settingViewController: Screen?  // ⭐️
  }

  // MARK: - Properties
  var initialState: State
  var provider: ServiceProviderProtocol  // ⭐️
  let store = ReactorStore<TextFieldViewReactor>()

  // MARK: - Intializer
  init(
    backgroundColor color: UIColor? = nil,
    service provider: ServiceProviderProtocol  // ⭐️
  ) {
    self.initialState = State(
      backgroundColor: color
    )
    self.provider = provider
  }

  // 004-18's `throttle(.milliseconds(300), scheduler: MainScheduler.instance)` on the setting
  // button's taps moves here (the view has no tap stream to throttle): Effect's `throttle`, on a
  // clock the tests control, applied to that action only.
  var clock: any Clock<Duration> = ContinuousClock()

  func transform(action: Effect<Action>) -> Effect<Action> {
    Effect<Action>.merge(
      action.filter { $0 != .didTapSettingButton },
      action.filter { $0 == .didTapSettingButton }.throttle(for: .milliseconds(300), clock: clock)
    )
  }

  // MARK: - Transform
  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    // ⭐️
    let eventMutation = provider.settings.event
      .map { event in
        switch event {
        case .setBackgroundColor(let color):
          return Mutation.setBackgroundColor(color)
        }
      }

    return Effect<Mutation>.merge(mutation, .from(eventMutation))
  }

  // MARK: - Mutate
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .inputField(let input):
      if input.isNumber {
        return Effect<Mutation>.just(.showAlertMessage("소문자를 입력할 수 없습니다."))
      } else {
        let lengthOfString = input.count
        let capitalizedString = input.uppercased()
        return Effect<Mutation>.concat(
          Effect.just(.setCapitalizedString(capitalizedString)),
          Effect.just(.setLengthOfString(lengthOfString))
        )
      }
    // ⭐️
    case .didTapSettingButton:
      let reactor = SettingViewReactor(
        backgroundColor: currentState.backgroundColor,
        service: provider
      )
      let viewController = SettingViewController(reactor: reactor)
      return Effect<Mutation>.just(.pushSettingViewController(viewController))
    }
  }

  // MARK: - Reduce
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setBackgroundColor(let color):
      newState.backgroundColor = color
    case .setCapitalizedString(let string):
      newState.capitalizedString = string
    case .setLengthOfString(let length):
      newState.lengthOfString = length
    case .showAlertMessage(let message):
      newState.alertMessage = message
    // ⭐️
    case .pushSettingViewController(let vc):
      newState.settingViewController = vc
    }
    return newState
  }
}

// MARK: - 004-18: the final TextFieldViewController (its bind(reactor:))

private final class TextFieldViewController: Screen, View {
  typealias Reactor = TextFieldViewReactor

  // MARK: - Views
  let view = UIView()
  var textfield: UITextField = UITextField()
  var capitalizedStringLabel: UILabel = UILabel()
  var lengthOfStringLabel: UILabel = UILabel()
  var settingButton: UIButton = UIButton()

  var disposeBag: DisposeBag = DisposeBag()
  @BindsReactor var reactor: TextFieldViewReactor?

  convenience init(reactor: TextFieldViewReactor) {
    self.init()
    self.reactor = reactor
  }

  // MARK: - Reactor
  func bind(reactor: TextFieldViewReactor) {
    textfield.onTextChange = { reactor.send(Reactor.Action.inputField($0)) }

    // ⭐️ (the throttle is the reactor's transform(action:) above)
    settingButton.onTap = { reactor.send(Reactor.Action.didTapSettingButton) }

    // ⭐️
    reactor.pulse(\.$settingViewController) { [weak self] vc in
      guard let owner = self, let vc else { return }
      owner.navigationController?.pushViewController(vc, animated: true)
    }
    .disposed(by: disposeBag)

    reactor.observe(\.backgroundColor) { [weak self] in self?.view.backgroundColor = $0 }
      .disposed(by: disposeBag)
  }
}

// MARK: - Checks: what the post says each snippet does

@MainActor
@Suite("Seed 004 ports: ReactorKit's reactor, view, @Pulse and a global event", .checksLeaks)
struct Seed004Ports {
  @Test("004-01/02: a follow that succeeds shows the success toast, then tints the button red")
  func followSucceeds() async {
    let tester = ReactorTester(FollowReactor())
    tester.send(.didTapFollowButton(7))
    await tester.receive { $0.shouldPresentSucessToastMessage = true }
    await tester.receive { $0.followButtonTintColor = .Red }
    await tester.finish()
  }

  @Test("004-01/02: a follow that fails shows the failure toast only")
  func followFails() async {
    let tester = ReactorTester(FollowReactor())
    tester.send(.didTapFollowButton(0))
    await tester.receive { $0.shouldPresentFailureToastMessage = true }
    await tester.finish()
  }

  @Test("004-04/06/07: typing shows the capitalized string and its length; the scene shows the screen")
  func firstVersion() {
    let sceneDelegate = FirstVersion.SceneDelegate()
    sceneDelegate.scene()
    let screen = sceneDelegate.window?.topScreen as? FirstVersion.TextFieldViewController
    #expect(screen != nil)
    screen?.textfield.text = "hello"
    #expect(screen?.capitalizedStringLabel.text == "HELLO")
    #expect(screen?.lengthOfStringLabel.text == "5")
    #expect(screen?.reactor?.currentState.lengthOfString == 5)
  }

  @Test("004-08/09: the initial state (a teal background) is shown as soon as the reactor is bound")
  func initialStateShownAtBind() {
    let sceneDelegate = SecondVersion.SceneDelegate()
    sceneDelegate.scene()
    let screen = sceneDelegate.window?.topScreen as? SecondVersion.TextFieldViewController
    #expect(screen?.view.backgroundColor == .systemTeal)
  }

  @Test("004-10/11: a digit raises the alert through @Pulse, every time, and clears the fields")
  func alertThroughPulse() {
    let window = Window()
    let screen = SecondVersion.TextFieldViewController(reactor: .init())
    window.rootViewController = NavigationStack(rootViewController: screen)
    screen.textfield.text = "abc"
    #expect(screen.presentedViewController == nil)
    screen.textfield.text = "a1"
    #expect(window.topScreen?.title == "입력 오류")
    #expect(window.topScreen?.content == ["소문자를 입력할 수 없습니다.", "확인"])
    #expect(screen.lengthOfStringLabel.text == "0")
    #expect(screen.textfield.text == "")
    screen.presentedViewController?.dismiss(animated: false)
    // The same message again is a new pulse: the alert shows again.
    screen.textfield.text = "a1"
    #expect(window.topScreen?.title == "입력 오류")
    screen.presentedViewController?.dismiss(animated: false)
    // Any other change does not re-show it (the post's reason for @Pulse).
    screen.textfield.text = "xyz"
    #expect(screen.presentedViewController == nil)
  }

  @Test("004-04/07: a label is set only when its value changes (the post's distinctUntilChanged)")
  func labelsOnlyOnChange() {
    let screen = FirstVersion.TextFieldViewController(reactor: .init())
    screen.textfield.text = "abc"
    let lengthUpdates = screen.lengthOfStringLabel.updates
    screen.textfield.text = "abd"  // same length, another string
    #expect(screen.lengthOfStringLabel.updates == lengthUpdates)
    #expect(screen.capitalizedStringLabel.text == "ABD")
  }

  @Test("004-12/13 (ReactorKit's own): a Pulse counts every assignment, an equal value too")
  func pulseCounts() {
    struct State { @Pulse var alertMessage: String? }
    var state = State()
    let before = state.$alertMessage.valueUpdatedCount
    state.alertMessage = "same"
    state.alertMessage = "same"
    #expect(state.$alertMessage.valueUpdatedCount == before + 2)
    #expect(state.$alertMessage.value == "same")
  }

  @Test("004-17/18: the setting button pushes the settings screen through a pulse, once")
  func settingsPushed() {
    let provider = ServiceProvider()
    let window = Window()
    let screen = TextFieldViewController(reactor: TextFieldViewReactor(service: provider))
    let navigation = NavigationStack(rootViewController: screen)
    window.rootViewController = navigation
    screen.settingButton.tap()
    #expect(navigation.viewControllers.count == 2)
    #expect(window.topScreen is SettingViewController)
    screen.textfield.text = "abc"
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("004-18: setting-button taps are throttled to one per 300 ms (the last of a burst goes on)")
  func settingButtonThrottled() async {
    let clock = TestClock()
    let provider = ServiceProvider()
    let window = Window()
    let reactor = TextFieldViewReactor(service: provider)
    reactor.clock = clock
    let screen = TextFieldViewController(reactor: reactor)
    let navigation = NavigationStack(rootViewController: screen)
    window.rootViewController = navigation
    screen.settingButton.tap()
    #expect(navigation.viewControllers.count == 2)
    screen.settingButton.tap()
    screen.settingButton.tap()
    // Typing is not throttled.
    screen.textfield.text = "abc"
    #expect(reactor.currentState.capitalizedString == "ABC")
    #expect(navigation.viewControllers.count == 2)
    var pushes = reactor.state.makeAsyncIterator()
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    while navigation.viewControllers.count < 3, await pushes.next() != nil {}
    #expect(navigation.viewControllers.count == 3)
  }

  @Test("004-14…17: a colour picked in settings reaches the text-field screen through the event")
  func globalEvent() async {
    let provider = ServiceProvider()
    let textReactor = TextFieldViewReactor(backgroundColor: .systemTeal, service: provider)
    let textScreen = TextFieldViewController(reactor: textReactor)
    let settingScreen = SettingViewController(
      reactor: SettingViewReactor(backgroundColor: .systemTeal, service: provider))
    var changes = textReactor.state.makeAsyncIterator()
    _ = await changes.next()  // the current state
    // The event is merged by transform(mutation:), which iterates the relay asynchronously.
    let event = provider.settings.event
    await waitForSubscriber(event)
    settingScreen.button.tap()
    let picked = settingScreen.view.backgroundColor
    #expect(picked != nil)
    #expect(SettingViewReactor(service: provider).colors.contains(picked!))
    _ = await changes.next()
    #expect(textReactor.currentState.backgroundColor == picked)
    #expect(textScreen.view.backgroundColor == picked)
  }
}

/// Waits (on events, not time) until `relay` has a subscriber.
@MainActor
private func waitForSubscriber<Element>(_ relay: PublishRelay<Element>) async {
  while !relay.hasSubscribers { await Task.yield() }
}
