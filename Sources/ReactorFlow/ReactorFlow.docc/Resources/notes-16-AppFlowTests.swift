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

  @Test func signingInDismissesTheSignIn() async throws {
    let tester = FlowTester()
    let flow = AppFlow(service: FakeAuthService())
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: AppStep.homeIsRequired))
    tester.expectSteps([
      "AppFlow: homeIsRequired", "AppFlow: signInIsRequired", "SignInFlow: signInIsRequired",
    ])

    // What the user does on the sign-in screen, sent to its reactor.
    let signIn = try #require(tester.window.topScreen as? SignInScreen)
    let reactor = try #require(signIn.reactor)
    reactor.send(.setEmail("me@example.com"))
    reactor.send(.setPassword("secret"))
    reactor.send(.signIn)

    // The sign-in flow ends, and the app flow dismisses it.
    await tester.waitForSteps(2)
    tester.expectSteps(["SignInFlow: signInIsComplete", "AppFlow: signInIsComplete"])
    tester.expectRendered(
      """
      window
        navigation "Notes" *
          screen "Notes" *
      """)
    await tester.finish()
  }
}
