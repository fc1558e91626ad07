import ReactorFlowHeadless
import ReactorFlowTesting
import XCTest

@testable import Notes

final class SignInXCTests: XCTestCase {
  @MainActor func testSignsIn() async {
    let tester = ReactorTester(SignInReactor(service: FakeAuthService()))
    tester.send(.setPassword("secret")) { $0.password = "secret" }
    tester.send(.signIn) { $0.isSigningIn = true }
    await tester.receive { $0.isSigningIn = false }
    await tester.finish()
  }

  @MainActor func testSigningInDismissesTheSignIn() async throws {
    let tester = FlowTester()
    let flow = AppFlow(service: FakeAuthService())
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: AppStep.homeIsRequired))
    tester.expectSteps([
      "AppFlow: homeIsRequired", "AppFlow: signInIsRequired", "SignInFlow: signInIsRequired",
    ])

    let signIn = try XCTUnwrap(tester.window.topScreen as? SignInScreen)
    let reactor = try XCTUnwrap(signIn.reactor)
    reactor.send(.setPassword("secret"))
    reactor.send(.signIn)

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
