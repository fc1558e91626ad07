import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("A tab-bar app: splash, an auth flow ended by sign-in, local auth, the way back to root", .checksLeaks)
struct SplashSignInLocalAuthAndWayBackToRootTests {
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
