import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor whose refresh waits for a reply that a test controls.
final class RefreshReactor: Reactor {
  enum Action: Sendable { case refresh }
  enum Mutation: Sendable { case setLoaded }
  struct State: Equatable { var isLoaded = false }

  let initialState = State()
  let store = ReactorStore<RefreshReactor>()
  let reply: AsyncStream<Void>

  init(reply: AsyncStream<Void>) { self.reply = reply }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [reply] send in
      for await _ in reply {
        await send(.setLoaded)
        return
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State { State(isLoaded: true) }
}

@MainActor
@Suite("waitUntilIdle in tests: returns when idle, fails with what runs instead of hanging")
struct WaitingUntilIdleFailsInsteadOfHangingTests {
  @Test("it returns once the work has ended")
  func returnsWhenIdle() async {
    let (reply, continuation) = AsyncStream<Void>.makeStream()
    let tester = ReactorTester(RefreshReactor(reply: reply), exhaustivity: .off)
    tester.send(.refresh)
    continuation.yield()
    await tester.waitUntilIdle()
    #expect(tester.reactor.currentState.isLoaded)
    #expect(tester.reactor.store.tasksInFlight == 0)
  }

  @Test("work that never ends fails the test with the count of running tasks, and the wait returns")
  func failsWithWhatRuns() async {
    let (reply, continuation) = AsyncStream<Void>.makeStream()
    let reactor = RefreshReactor(reply: reply)
    reactor.send(.refresh)
    await withKnownIssue {
      // The reply never comes while the test waits: the outcome does not depend on the bound.
      await reactor.store.waitUntilIdle(timeout: .milliseconds(10))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("RefreshReactor was not idle") && text.contains("1 task(s) still running")
    }
    // Let the work end, so that the test leaves nothing behind.
    continuation.yield()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.isLoaded)
  }
}
