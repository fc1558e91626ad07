import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import Notes

@MainActor
@Suite(.checksLeaks)
struct AppFlowTests {
  @Test func signInIsPresentedOverTheHomeScreen() async {
    let tester = FlowTester()
    let flow = AppFlow(service: FakeAuthService())
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: AppStep.homeIsRequired))
    tester.expectSteps([
      "AppFlow: homeIsRequired", "AppFlow: signInIsRequired", "SignInFlow: signInIsRequired",
    ])
    tester.expectRendered(
      """
      window
        navigation "Notes"
          screen "Notes"
          modal(fullScreen) navigation "Sign in" *
            screen "Sign in" *
              | Email
              | Password
      """)
    await tester.finish()
  }
}
