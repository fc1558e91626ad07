import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 000's AppFlow: a tab bar root, a splash, an auth flow presented over full screen whose
// sign-in reactor is also its stepper, a local-auth (PIN) step with a payload, and a way back to
// the root.

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

@MainActor
@Suite("Seed 000: AppFlow with splash, auth flow, local auth and the way back to root", .checksLeaks)
struct Seed000FlowTests {
  @Test("splash → auth (over full screen) → sign in through a Reactor-Stepper → dashboard → PIN → root")
  func scenario() async {
    let leaks = LeakTracker()
    let window = Window()
    let appFlow = AppFlow000(authService: AuthService(validPassword: "secret"))
    window.rootViewController = appFlow.rootViewController
    let coordinator = FlowCoordinator()
    var navigated = coordinator.didNavigate.makeAsyncIterator()
    coordinator.coordinate(flow: appFlow, with: OneStepper(withSingleStep: AppStep.splashIsRequired))
    #expect(window.topScreen?.title == "Splash")

    (window.topScreen as? StepperScreen)?.emit(.splashIsComplete)
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
                | Email
                | Password
        """)
    do {
      let signIn = leaks.track(window.topScreen as! AuthSignInScreen)
      let reactor = leaks.track(signIn.reactor!)
      leaks.track(appFlow.rootViewController.presentedScreen!)
      reactor.send(.findPasswordButtonDidTap)
      #expect(window.topScreen?.title == "Find password")
      (appFlow.rootViewController.presentedScreen as? NavigationStack)?.popViewController()

      reactor.send(.emailDidUpdate("a@b.c"))
      reactor.send(.passwordDidUpdate("secret"))
      reactor.send(.signInButtonDidTap)
      #expect(window.topScreen?.content == ["Signing in…"])
    }
    // The reactor emits .authIsComplete from its async sign-in; the auth flow ends and forwards
    // .dashboardIsRequired to the app flow, which dismisses it.
    while let event = await navigated.next(), !(event.step as? AppStep == .dashboardIsRequired) {}
    #expect(window.topScreen?.title == "Home")
    #expect(coordinator.flows.count == 1)
    // The auth flow, its screens and the sign-in reactor are released once the flow ended.
    #expect(leaks.alive.isEmpty)

    coordinator.navigate(to: AppStep.localAuthIsRequired("gift box"))
    #expect(window.topScreen?.title == "PIN")
    #expect(window.topScreen?.content == ["Enter your PIN to open gift box"])
    (window.topScreen as? StepperScreen)?.emit(.localAuthIsComplete)
    #expect(window.topScreen?.title == "Home")

    appFlow.rootViewController.select(1)
    (appFlow.rootViewController.selectedViewController as? NavigationStack)?.pushViewController(
      Screen(title: "Gift"))
    coordinator.navigate(to: AppStep.wayBackToRootIsRequired)
    #expect(window.topScreen?.title == "Home")
    #expect((appFlow.rootViewController.viewControllers[1] as? NavigationStack)?.viewControllers.count == 1)

  }
}
