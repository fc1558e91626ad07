import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 000 (RxFlow로 Coordinator 고급스럽게 사용하기): Favor's AppFlow — a tab bar root, an auth
// flow presented over full screen whose sign-in reactor is also its stepper. AppStep, the tab bar,
// AuthFlow, the navigate helpers other than navigateToAuth, requestSignIn and
// ReminderAlertManager are not shown in the post: they are the smallest that fit.

// MARK: - Not shown in the post

private enum AppStep: Step, Equatable {
  case splashIsRequired
  case splashIsComplete
  case dashboardIsRequired
  case authIsRequired
  case authIsComplete
  case findPasswordIsRequired
  case localAuthIsRequired(String)
  case localAuthIsComplete
  case wayBackToRootIsRequired
  case giftManagementIsRequired
}

private final class FavorTabBarController: TabBar {
  init() {
    super.init(title: "Favor")
    setViewControllers([
      NavigationStack(rootViewController: Screen(title: "Home"), title: "Home"),
      NavigationStack(rootViewController: Screen(title: "MyPage"), title: "MyPage"),
    ])
  }
}

/// A screen that is its own stepper (the splash).
private final class StepperScreen: Screen, Stepper {
  let steps = PublishRelay<Step>()
}

@MainActor
private final class ReminderAlertManager {
  static let shared = ReminderAlertManager()
  private(set) var fetches = 0
  func fetchReminders() { fetches += 1 }
}

private final class AuthSignInViewController: Screen {
  let reactor: AuthSignInViewReactor
  init(reactor: AuthSignInViewReactor) {
    self.reactor = reactor
    super.init(title: "Sign in")
  }
}

private final class AuthFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Auth")

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .authIsRequired:
      let reactor = AuthSignInViewReactor()
      let viewController = AuthSignInViewController(reactor: reactor)
      navigationController.pushViewController(viewController, animated: false)
      return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: reactor))
    case .findPasswordIsRequired:
      navigationController.pushViewController(Screen(title: "Find password"), animated: true)
      return .none
    case .authIsComplete:
      return .end(forwardToParentFlowWithStep: AppStep.dashboardIsRequired)
    default:
      return .none
    }
  }
}

// MARK: - 000-01: AppFlow

@MainActor
private final class AppFlow: Flow {

  // MARK: - Properties

  public var root: Presentable { self.rootViewController }

  /// Used only for testFlow.
  fileprivate let rootViewController: FavorTabBarController

  // Comment this Initializer.
  public init() {
    self.rootViewController = FavorTabBarController()
  }

  // MARK: - Navigate

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }

    switch step {
    case .splashIsRequired:
      return self.navigateToSplash()

    case .splashIsComplete:
      return self.popFromSplash()

    case .dashboardIsRequired:
      return self.popToDashboard()

    case .authIsRequired:
      return self.navigateToAuth()

    case .localAuthIsRequired(let location):
      return self.navigateToLocalAuth(request: location)

    case .localAuthIsComplete:
      return self.popToDashboard()

    case .wayBackToRootIsRequired:
      return self.navigateWayBackToRoot()

    case .giftManagementIsRequired:
      return self.navigateToGiftManagement()

    default:
      return .none
    }
  }

  // MARK: - 000-02

  func navigateToAuth() -> FlowContributors {
    let authFlow = AuthFlow()

    Flows.use(authFlow, when: .created) { root in
      self.rootViewController.dismiss(animated: false) {
        root.modalPresentationStyle = .overFullScreen
        self.rootViewController.present(root, animated: false)
      }
    }

    return .one(
      flowContributor: .contribute(
        withNextPresentable: authFlow,
        withNextStepper: OneStepper(
          withSingleStep: AppStep.authIsRequired
        )
      ))
  }

  // MARK: - Not shown in the post

  func navigateToSplash() -> FlowContributors {
    let splash = StepperScreen(title: "Splash")
    splash.modalPresentationStyle = .fullScreen
    rootViewController.present(splash, animated: true)
    return .one(flowContributor: .contribute(withNext: splash))
  }

  func popFromSplash() -> FlowContributors {
    rootViewController.dismiss(animated: true)
    return .one(flowContributor: .forwardToCurrentFlow(withStep: AppStep.authIsRequired))
  }

  func popToDashboard() -> FlowContributors {
    rootViewController.dismiss(animated: true)
    rootViewController.selectedIndex = 0
    return .none
  }

  func navigateToLocalAuth(request location: String) -> FlowContributors {
    let pin = Screen(title: "PIN", content: [location])
    pin.modalPresentationStyle = .overFullScreen
    rootViewController.present(pin, animated: true)
    return .none
  }

  func navigateWayBackToRoot() -> FlowContributors {
    rootViewController.dismiss(animated: true)
    rootViewController.selectedIndex = 0
    return .none
  }

  func navigateToGiftManagement() -> FlowContributors {
    rootViewController.selectedIndex = 1
    return .none
  }
}

// MARK: - 000-03: AuthSignInViewReactor

private final class AuthSignInViewReactor: Reactor, Stepper {
  // Not shown in the post: Action, State, the initial state, requestSignIn.
  public enum Action {
    case signInButtonDidTap
    case findPasswordButtonDidTap
  }
  public struct State {
    var email = "favor@example.com"
    var password = "secret"
  }
  public let initialState = State()
  public let store = ReactorStore<AuthSignInViewReactor>()

  func requestSignIn(email: String, password: String) async throws -> Bool {
    !email.isEmpty && !password.isEmpty
  }

  public var steps = PublishRelay<Step>()

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .signInButtonDidTap:
      let email = self.currentState.email
      let password = self.currentState.password
      return .concat([
        .run { _ in
          _ = try await self.requestSignIn(email: email, password: password)
          ReminderAlertManager.shared.fetchReminders()
          self.steps.accept(AppStep.authIsComplete)  // 🟢
        }
      ])

    case .findPasswordButtonDidTap:
      self.steps.accept(AppStep.findPasswordIsRequired)  // 🟢
      return .empty()
    }
  }

  public func reduce(state: State, mutation: Action) -> State { state }
}

// MARK: - Checks

@MainActor
@Suite("Seed 000 ports: Favor's AppFlow and a reactor that is its screen's stepper", .checksLeaks)
struct Seed000Ports {
  @Test("000-03: find password is a step emitted at once; sign-in emits authIsComplete after the request")
  func reactorSteps() async {
    let reactor = AuthSignInViewReactor()
    var steps = reactor.steps.makeAsyncIterator()
    reactor.send(.findPasswordButtonDidTap)
    #expect(await steps.next() as? AppStep == .findPasswordIsRequired)
    let fetches = ReminderAlertManager.shared.fetches
    reactor.send(.signInButtonDidTap)
    #expect(await steps.next() as? AppStep == .authIsComplete)
    #expect(ReminderAlertManager.shared.fetches > fetches)  // the other test signs in too
  }

  @Test("000-01/02/03: splash → auth over full screen → signed in, the auth flow ends → dashboard")
  func appFlow() async throws {
    let window = Window()
    let appFlow = AppFlow()
    window.rootViewController = appFlow.rootViewController
    let coordinator = FlowCoordinator()
    var navigated = coordinator.didNavigate.makeAsyncIterator()
    coordinator.coordinate(flow: appFlow, with: OneStepper(withSingleStep: AppStep.splashIsRequired))
    #expect(window.topScreen?.title == "Splash")
    (window.topScreen as? StepperScreen)?.steps.accept(AppStep.splashIsComplete)
    #expect(
      window.render() == """
        window
          tabs "Favor" tabs: [Home] | MyPage
            navigation "Home"
              screen "Home"
            navigation "MyPage"
              screen "MyPage"
            modal(overFullScreen) navigation "Auth" *
              screen "Sign in" *
        """)
    coordinator.navigate(to: AppStep.giftManagementIsRequired)
    #expect(appFlow.rootViewController.selectedIndex == 1)
    appFlow.rootViewController.selectedIndex = 0
    // The sign-in reactor is the screen's stepper: the auth flow handles what it emits.
    do {
      let signIn = try #require(window.topScreen as? AuthSignInViewController)
      signIn.reactor.send(.findPasswordButtonDidTap)
      #expect(window.topScreen?.title == "Find password")
      signIn.navigationController?.popViewController(animated: true)
      signIn.reactor.send(.signInButtonDidTap)
    }
    while let event = await navigated.next(), !(event.step as? AppStep == .dashboardIsRequired) {}
    #expect(window.topScreen?.title == "Home")
    #expect(coordinator.flows.count == 1)
  }
}
