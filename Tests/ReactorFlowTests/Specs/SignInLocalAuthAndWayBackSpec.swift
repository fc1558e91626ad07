import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Spec: the sign-in app's flow, with FlowTester and ReactorTester", .checksLeaks)
struct SignInLocalAuthAndWayBackSpec {
  @Test("splash → auth flow → sign in (a Reactor that is also a Stepper) → dashboard")
  func signIn() async {
    let tester = FlowTester()
    let appFlow = AppFlow000(authService: AuthService(validPassword: "secret"))
    tester.window.rootViewController = appFlow.rootViewController
    tester.start(appFlow, with: OneStepper(withSingleStep: AppStep.splashIsRequired))
    tester.expectSteps(["AppFlow000: splashIsRequired"])

    (tester.window.topScreen as? StepperScreen)?.emit(.splashIsComplete)
    tester.expectSteps([
      "AppFlow000: splashIsComplete", "AppFlow000: authIsRequired", "AuthFlow: authIsRequired",
    ])

    do {
      let signIn = tester.track(tester.window.topScreen as! AuthSignInScreen)
      let reactor = ReactorTester(tester.track(signIn.reactor!))
      tester.track(appFlow.rootViewController.presentedScreen!, "auth navigation")
      reactor.send(.emailDidUpdate("a@b.c")) { $0.email = "a@b.c" }
      reactor.send(.passwordDidUpdate("secret")) { $0.password = "secret" }
      reactor.send(.signInButtonDidTap) { $0.isLoading = true }
      // The sign-in runs asynchronously; on success the reactor steps, the auth flow ends.
      await reactor.receive { $0.isLoading = false }
      await reactor.finish()
    }
    await tester.waitForSteps(2)
    tester.expectSteps(["AuthFlow: authIsComplete", "AppFlow000: dashboardIsRequired"])
    tester.expectRendered(
      """
      window
        tabs "Favor" tabs: [Home] | MyPage *
          navigation "Home" *
            screen "Home" *
          navigation "MyPage"
            screen "MyPage"
      """)
    await tester.finish()
  }

  @Test("local auth carries its payload; the way back to root pops every tab")
  func localAuthAndWayBack() async {
    let tester = FlowTester()
    let appFlow = AppFlow000(authService: AuthService(validPassword: "secret"))
    tester.window.rootViewController = appFlow.rootViewController
    tester.start(appFlow, with: NoneStepper())
    tester.navigate(to: AppStep.localAuthIsRequired("gift box"))
    tester.expectSteps(["AppFlow000: localAuthIsRequired(\"gift box\")"])
    #expect(tester.window.topScreen?.content == ["Enter your PIN to open gift box"])
    tester.track(tester.window.topScreen!, "PIN screen")
    (tester.window.topScreen as? StepperScreen)?.emit(.localAuthIsComplete)
    tester.expectSteps(["AppFlow000: localAuthIsComplete"])

    appFlow.rootViewController.select(1)
    (appFlow.rootViewController.selectedViewController as? NavigationStack)?.pushViewController(
      Screen(title: "Gift"))
    tester.navigate(to: AppStep.wayBackToRootIsRequired)
    tester.expectSteps(["AppFlow000: wayBackToRootIsRequired"])
    tester.expectRendered(
      """
      window
        tabs "Favor" tabs: [Home] | MyPage *
          navigation "Home" *
            screen "Home" *
          navigation "MyPage"
            screen "MyPage"
      """)
    await tester.finish()
  }
}
