import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

// The sign-in reactor of the sign-in app (Tests/Fixtures/ScenarioApps): a Reactor that is also a
// Stepper.

@MainActor
@Suite("A reactor that is also a stepper: its steps on sign-in, its errors", .checksLeaks)
struct ReactorThatIsAStepperStepsOnSignInTests {
  @Test("a successful sign-in emits .authIsComplete on the stepper's steps")
  func signInEmitsStep() async {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var steps = reactor.steps.makeAsyncIterator()
    reactor.send(.emailDidUpdate("a@b.c"))
    reactor.send(.passwordDidUpdate("secret"))
    reactor.send(.signInButtonDidTap)
    #expect(reactor.currentState.isLoading)
    #expect(await steps.next() as? AppStep == .authIsComplete)
    await reactor.store.waitUntilIdle()
    #expect(!reactor.currentState.isLoading)
  }

  @Test("a failed sign-in emits no step, reports the error and keeps the reactor usable")
  func signInFails() async {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var errors = reactor.errors.makeAsyncIterator()
    reactor.send(.passwordDidUpdate("wrong"))
    reactor.send(.signInButtonDidTap)
    #expect(await errors.next() as? SignInError == SignInError())
    await reactor.store.waitUntilIdle()
    #expect(!reactor.currentState.isLoading)
    reactor.send(.emailDidUpdate("still works"))
    #expect(reactor.currentState.email == "still works")
  }

  @Test("find password emits its step synchronously")
  func findPassword() {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var emitted: [AppStep] = []
    let subscription = reactor.steps.subscribe { step in
      MainActor.assumeIsolated { if let step = step as? AppStep { emitted.append(step) } }
    }
    reactor.send(.findPasswordButtonDidTap)
    #expect(emitted == [.findPasswordIsRequired])
    subscription.dispose()
  }
}
