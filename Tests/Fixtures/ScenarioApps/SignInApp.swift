import ReactorFlow
import ReactorFlowHeadless

// The sign-in app of the post "RxFlow로 Coordinator 고급스럽게 사용하기": a tab bar root, a splash,
// an auth flow presented over full screen whose sign-in reactor is also its stepper, a local-auth
// (PIN) step with a payload, and a way back to the root.

// MARK: - The sign-in reactor: a Reactor that is also a Stepper

enum AppStep: Step, Equatable {
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

struct SignInError: Error, Equatable {}

/// An auth service that behaves like a network call: async and cancellable.
final class AuthService: Sendable {
  let validPassword: String
  init(validPassword: String) { self.validPassword = validPassword }
  func requestSignIn(email: String, password: String) async throws -> String {
    try Task.checkCancellation()
    guard password == validPassword else { throw SignInError() }
    return "token-for-\(email)"
  }
}

public final class AuthSignInViewReactor: Reactor, Stepper {
  public enum Action: Sendable {
    case emailDidUpdate(String)
    case passwordDidUpdate(String)
    case signInButtonDidTap
    case findPasswordButtonDidTap
  }
  public enum Mutation: Sendable {
    case updateEmail(String)
    case updatePassword(String)
    case updateLoading(Bool)
  }
  public struct State: Sendable {
    var email = ""
    var password = ""
    var isLoading = false
  }

  public let steps = PublishRelay<Step>()
  public let initialState = State()
  public let store = ReactorStore<AuthSignInViewReactor>()
  let service: AuthService

  init(service: AuthService) { self.service = service }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .emailDidUpdate(let email):
      return .just(.updateEmail(email))
    case .passwordDidUpdate(let password):
      return .just(.updatePassword(password))
    case .signInButtonDidTap:
      let email = self.currentState.email
      let password = self.currentState.password
      let steps = self.steps
      let service = self.service
      return .concat([
        .just(.updateLoading(true)),
        .run { send in
          _ = try await service.requestSignIn(email: email, password: password)
          steps.accept(AppStep.authIsComplete)
        },
        .just(.updateLoading(false)),
      ])
    case .findPasswordButtonDidTap:
      self.steps.accept(AppStep.findPasswordIsRequired)
      return .empty()
    }
  }

  /// A failed request ends the loading state; the error itself is published on `errors`.
  public func recover(from error: any Error) -> Effect<Mutation> {
    .just(.updateLoading(false))
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .updateEmail(let email): newState.email = email
    case .updatePassword(let password): newState.password = password
    case .updateLoading(let isLoading): newState.isLoading = isLoading
    }
    return newState
  }
}

// MARK: - The app flow, its tab bar and the auth flow

final class FavorTabBarController: TabBar {
  init() {
    super.init(title: "Favor")
    setViewControllers([
      NavigationStack(rootViewController: Screen(title: "Home"), title: "Home"),
      NavigationStack(rootViewController: Screen(title: "MyPage"), title: "MyPage"),
    ])
  }
}

/// A screen that is its own stepper: the splash and the PIN screens.
final class StepperScreen: Screen, Stepper {
  let steps = PublishRelay<Step>()
  func emit(_ step: AppStep) { steps.accept(step) }
}

@MainActor
public final class AppFlow000: Flow {
  public var root: Presentable { self.rootViewController }
  let rootViewController: FavorTabBarController
  let authService: AuthService

  init(authService: AuthService) {
    self.rootViewController = FavorTabBarController()
    self.authService = authService
  }

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
    default:
      return .none
    }
  }

  func navigateToSplash() -> FlowContributors {
    let splash = StepperScreen(title: "Splash")
    rootViewController.present(splash, style: .fullScreen)
    return .one(flowContributor: .contribute(withNext: splash))
  }

  func popFromSplash() -> FlowContributors {
    rootViewController.dismiss()
    return .one(flowContributor: .forwardToCurrentFlow(withStep: AppStep.authIsRequired))
  }

  func navigateToAuth() -> FlowContributors {
    let authFlow = AuthFlow(service: authService)
    Flows.use(authFlow, when: .created) { root in
      self.rootViewController.dismiss()
      root.modalPresentationStyle = .overFullScreen
      self.rootViewController.present(root)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: authFlow,
        withNextStepper: OneStepper(withSingleStep: AppStep.authIsRequired)))
  }

  func navigateToLocalAuth(request location: String) -> FlowContributors {
    let pin = StepperScreen(title: "PIN", content: ["Enter your PIN to open \(location)"])
    rootViewController.present(pin, style: .overFullScreen)
    return .one(flowContributor: .contribute(withNext: pin))
  }

  func popToDashboard() -> FlowContributors {
    rootViewController.dismiss()
    rootViewController.select(0)
    return .none
  }

  func navigateWayBackToRoot() -> FlowContributors {
    rootViewController.dismiss()
    for case let stack as NavigationStack in rootViewController.viewControllers {
      stack.popToRootViewController()
    }
    rootViewController.select(0)
    return .none
  }
}

final class AuthSignInScreen: Screen, View {
  @BindsReactor var reactor: AuthSignInViewReactor?
  var disposeBag = DisposeBag()

  init(reactor: AuthSignInViewReactor) {
    super.init(title: "Sign in")
    self.reactor = reactor
  }

  func bind(reactor: AuthSignInViewReactor) {
    reactor.observe(\.isLoading) { [weak self] isLoading in
      self?.content = isLoading ? ["Signing in…"] : ["Email", "Password"]
    }
    .disposed(by: disposeBag)
  }
}

final class AuthFlow: Flow {
  var root: Presentable { navigationController }
  let navigationController = NavigationStack(title: "Auth")
  let service: AuthService

  init(service: AuthService) { self.service = service }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .authIsRequired:
      let reactor = AuthSignInViewReactor(service: service)
      let screen = AuthSignInScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .findPasswordIsRequired:
      navigationController.pushViewController(Screen(title: "Find password"))
      return .none
    case .authIsComplete:
      return .end(forwardToParentFlowWithStep: AppStep.dashboardIsRequired)
    default:
      return .none
    }
  }
}
