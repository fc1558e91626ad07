import Clocks
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A `waitUntilIdle(timeout:)` that fails (the reactor cannot become idle while the test waits)
/// leaves nothing behind: once the test lets the reactor go, its store goes, its timers are
/// cancelled, and nothing the wait started keeps them.
@MainActor
@Suite("A failed waitUntilIdle(timeout:) lets the reactor go")
struct AFailedWaitUntilIdleLetsTheReactorGoTests {
  @Test("a delay sleeping on a TestClock: the wait fails, then the reactor and its store are released")
  func delayOnATestClock() async {
    let clock = TestClock()
    var reactor: DelayedQueryReactor? = DelayedQueryReactor(clock: clock)
    reactor?.send(.type("s"))
    await withKnownIssue {
      await reactor?.store.waitUntilIdle(timeout: HangGuard.timeout)
    }
    weak let store = reactor?.store
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
    #expect(store == nil, "the failed wait still holds the store")
  }

  @Test("through the tester: the same")
  func delayThroughTheTester() async {
    let clock = TestClock()
    var tester: ReactorTester<DelayedQueryReactor>? = ReactorTester(
      DelayedQueryReactor(clock: clock), exhaustivity: .off)
    tester?.send(.type("s"))
    await withKnownIssue {
      await tester?.waitUntilIdle()
    }
    weak let store = tester?.reactor.store
    tester = nil
    #expect(store == nil, "the failed wait still holds the store")
  }
}
