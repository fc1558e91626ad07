import ReactorFlow
import ReactorFlowHeadless

/// The app's root flow, on the window: a launch screen that moves on by itself → sign-in
/// presented full screen as its own flow → a tab bar of independent flows started with
/// `.multiple` once all are ready.
final class AppFlow: Flow {
  var root: Presentable { window }
  private let window: Window
  private let env: AppEnvironment
  /// The launch screen's reactor, which reads the settings kept in the diary's file.
  private weak var launch: LaunchReactor?

  init(window: Window, env: AppEnvironment) {
    self.window = window
    self.env = env
  }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .launchIsRequired: return navigateToLaunchScreen()
    case .launchIsComplete: return navigateToAuth()
    case .mainIsRequired: return navigateToMainTabBar()
    // Replacing the root with the launch screen dismisses the tabs, which ends their flows;
    // the launch screen moves on to sign-in by itself.
    case .userIsLoggedOut: return navigateToLaunchScreen()
    default: return .none
    }
  }

  private func navigateToLaunchScreen() -> FlowContributors {
    let reactor = LaunchReactor(env: env)
    launch = reactor
    let screen = LaunchScreen(reactor: reactor)
    window.rootViewController = screen
    window.makeKeyAndVisible()
    return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
  }

  private func navigateToAuth() -> FlowContributors {
    // The colour the launch read from the diary's file, before any tab shows it.
    if let accent = launch?.currentState.keptAccent { env.theme.useKept(accent) }
    let authFlow = AuthFlow(env: env)
    Flows.use(authFlow, when: .created) { [weak self] (root: NavigationStack) in
      self?.window.rootViewController?.present(root, style: .fullScreen)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: authFlow, withNextStepper: OneStepper(withSingleStep: AppStep.loginIsRequired)))
  }

  private func navigateToMainTabBar() -> FlowContributors {
    let diaryFlow = DiaryFlow(env: env)
    let wishlistFlow = WishlistFlow(env: env)
    let profileFlow = ProfileFlow(env: env)
    Flows.use(diaryFlow, wishlistFlow, profileFlow, when: .ready) {
      [weak self] (diary: NavigationStack, wishlist: NavigationStack, profile: NavigationStack) in
      let tabBar = TabBar(title: "Main")
      tabBar.setViewControllers([diary, wishlist, profile])
      // Replacing the root dismisses the launch screen and the sign-in modal over it.
      self?.window.rootViewController = tabBar
    }
    return .multiple(
      .contribute(
        withNextPresentable: diaryFlow,
        withNextStepper: OneStepper(withSingleStep: AppStep.diaryListIsRequired)),
      .contribute(
        withNextPresentable: wishlistFlow,
        withNextStepper: OneStepper(withSingleStep: AppStep.moviesAreRequired)),
      .contribute(
        withNextPresentable: profileFlow,
        withNextStepper: OneStepper(withSingleStep: AppStep.profileIsRequired)))
  }
}

/// The sign-in flow (`AuthFlow`): sign in, find password; ends when the user is signed in.
final class AuthFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Sign in")
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .loginIsRequired:
      let reactor = SignInReactor(env: env)
      let screen = SignInScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      // A sign-in that finishes while the user looks at "find password" is kept, not dropped
      // (RxFlow's default): back on the sign-in screen, the user goes on signed in.
      return .one(
        flowContributor: .contribute(
          withNextPresentable: screen, withNextStepper: reactor, whenHidden: .buffer,
          allowStepWhenDismissed: false
        ))
    case .findPasswordIsRequired:
      let reactor = FindPasswordReactor(env: env)
      let screen = FindPasswordScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .userIsLoggedIn:
      return .end(forwardToParentFlowWithStep: AppStep.mainIsRequired)
    default:
      return .none
    }
  }
}
