import ReactorFlowTesting
import Testing

@testable import Notes

@MainActor
@Suite(.checksLeaks)
struct SignInReactorTests {
  @Test func signsIn() async {
    let tester = ReactorTester(SignInReactor(service: FakeAuthService()))
    tester.send(.setEmail("me@example.com")) { $0.email = "me@example.com" }
    tester.send(.setPassword("secret")) { $0.password = "secret" }
    tester.send(.signIn) { $0.isSigningIn = true }
    await tester.receive { $0.isSigningIn = false }
    await tester.finish()
  }

  @Test func aWrongPasswordSaysSo() async {
    let tester = ReactorTester(SignInReactor(service: FakeAuthService()))
    tester.send(.setPassword("guess")) { $0.password = "guess" }
    tester.send(.signIn) { $0.isSigningIn = true }
    // The sign-in throws: `recover(from:)` ends the wait, then says why.
    await tester.receive { $0.isSigningIn = false }
    await tester.receive { $0.error = "Wrong email or password." }
    await tester.finish()
  }
}
