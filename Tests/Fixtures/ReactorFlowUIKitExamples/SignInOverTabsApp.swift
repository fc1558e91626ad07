import ReactorFlowUIKit

// The sign-in app, written against ReactorFlowUIKit: the app flow's root is a tab bar controller; the
// auth flow is presented `.overFullScreen` over it; the sign-in screen's reactor is its stepper;
// signing in ends the auth flow, and the app flow dismisses it.

public enum AppStep: Step, Equatable {
  case authIsRequired
  case findPasswordIsRequired
  case authIsComplete
  case dashboardIsRequired
}

/// The auth service: asynchronous, like a network call.
public struct AuthService: Sendable {
  let latency: Duration
  public init(latency: Duration = .zero) { self.latency = latency }

  public func signIn(email: String, password: String) async throws -> Bool {
    try await Task.sleep(for: latency)
    return email.contains("@") && password.count >= 6
  }
}

public final class FavorTabBarController: UITabBarController {
  public init() {
    super.init(nibName: nil, bundle: nil)
    let home = UINavigationController(rootViewController: TitledViewController(title: "Home"))
    let myPage = UINavigationController(rootViewController: TitledViewController(title: "MyPage"))
    setViewControllers([home, myPage], animated: false)
  }
}

public final class TitledViewController: UIViewController {
  public init(title: String) {
    super.init(nibName: nil, bundle: nil)
    self.title = title
  }
}

public final class FavorAppFlow: Flow {
  public var root: Presentable { self.rootViewController }
  public let rootViewController = FavorTabBarController()
  private let authService: AuthService

  public init(authService: AuthService) { self.authService = authService }

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .authIsRequired:
      return navigateToAuth()
    case .dashboardIsRequired:
      rootViewController.dismiss(animated: true)
      rootViewController.selectedIndex = 0
      return .none
    default:
      return .none
    }
  }

  func navigateToAuth() -> FlowContributors {
    let authFlow = AuthFlow(authService: authService)
    Flows.use(authFlow, when: .created) { [unowned self] (root: UINavigationController) in
      root.modalPresentationStyle = .overFullScreen
      self.rootViewController.present(root, animated: true)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: authFlow, withNextStepper: OneStepper(withSingleStep: AppStep.authIsRequired)))
  }
}

public final class AuthFlow: Flow {
  public var root: Presentable { navigationController }
  private let navigationController = UINavigationController(nibName: nil, bundle: nil)
  private let authService: AuthService

  init(authService: AuthService) { self.authService = authService }

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .authIsRequired:
      let reactor = AuthSignInViewReactor(authService: authService)
      let viewController = AuthSignInViewController()
      viewController.reactor = reactor
      navigationController.pushViewController(viewController, animated: false)
      return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: reactor))
    case .findPasswordIsRequired:
      navigationController.pushViewController(TitledViewController(title: "Find password"), animated: true)
      return .none
    case .authIsComplete:
      return .end(forwardToParentFlowWithStep: AppStep.dashboardIsRequired)
    default:
      return .none
    }
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
    case setEmail(String)
    case setPassword(String)
    case setLoading(Bool)
    case setError(String)
  }
  public struct State: Sendable {
    public var email = ""
    public var password = ""
    public var isLoading = false
    @Pulse public var error: String?
  }

  public let initialState = State()
  public let store = ReactorStore<AuthSignInViewReactor>()
  public let steps = PublishRelay<Step>()
  private let authService: AuthService

  init(authService: AuthService) { self.authService = authService }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .emailDidUpdate(let email): return .just(.setEmail(email))
    case .passwordDidUpdate(let password): return .just(.setPassword(password))
    case .findPasswordButtonDidTap:
      steps.accept(AppStep.findPasswordIsRequired)
      return .none
    case .signInButtonDidTap:
      let (email, password, service, steps) = (currentState.email, currentState.password, authService, steps)
      return .concat(
        .just(.setLoading(true)),
        .run { send in
          let success = try await service.signIn(email: email, password: password)
          await send(.setLoading(false))
          if success {
            steps.accept(AppStep.authIsComplete)
          } else {
            await send(.setError("Check the email and password."))
          }
        })
    }
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEmail(let email): newState.email = email
    case .setPassword(let password): newState.password = password
    case .setLoading(let isLoading): newState.isLoading = isLoading
    case .setError(let message): newState.error = message
    }
    return newState
  }
}

/// ReactorKit's `StoryboardView`: bound once the view is loaded.
public final class AuthSignInViewController: UIViewController, View {
  @BindsReactorWhenLoaded public var reactor: AuthSignInViewReactor?
  public var disposeBag = DisposeBag()
  /// What a label would show.
  public private(set) var statusText = ""
  /// How many times `bind(reactor:)` ran, and whether the view was loaded then.
  public private(set) var bindings: [Bool] = []

  public init() {
    super.init(nibName: nil, bundle: nil)
    title = "Sign in"
  }

  public func bind(reactor: AuthSignInViewReactor) {
    bindings.append(isViewLoaded)
    reactor.observe(\.isLoading) { [weak self] isLoading in self?.statusText = isLoading ? "Signing in…" : ""
    }
    .disposed(by: disposeBag)
    reactor.pulse(\.$error) { [weak self] error in if let error { self?.statusText = error } }
      .disposed(by: disposeBag)
  }
}
