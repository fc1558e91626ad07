import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor that merges a relay in `transform(mutation:)` and debounces its actions in
/// `transform(action:)` on a test clock.
final class TransformedDelayReactor: Reactor {
  enum Action: Sendable { case type(String) }
  enum Mutation: Sendable { case setQuery(String) }
  struct State: Equatable { var query = "" }

  let initialState = State()
  let store = ReactorStore<TransformedDelayReactor>()
  let clock: TestClock<Duration>
  let events = PublishRelay<String>()

  init(clock: TestClock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.debounce(for: .milliseconds(300), clock: clock)
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation, Effect.from(events).map { .setQuery($0) })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let query): Effect.just(.setQuery(query)).delay(for: .seconds(1), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setQuery(let query): State(query: query)
    }
  }
}

@MainActor
@Suite("waitUntilIdle(timeout:) with transform streams: a passing wait returns, a failed one keeps nothing")
struct AFailedWaitLetsAReactorWithATransformStreamGoTests {
  @Test("the wait fails on the debounce, then the reactor and its store are released")
  func failedWaitReleases() async {
    let clock = TestClock()
    var reactor: TransformedDelayReactor? = TransformedDelayReactor(clock: clock)
    reactor?.send(.type("s"))
    await withKnownIssue {
      await reactor?.store.waitUntilIdle(timeout: HangGuard.timeout)
    }
    weak let store = reactor?.store
    reactor = nil
    #expect(store == nil)
  }

  @Test("after a failed wait, advancing the clock lets a second wait pass")
  func failedThenPassing() async {
    let clock = TestClock()
    let reactor = TransformedDelayReactor(clock: clock)
    reactor.send(.type("s"))
    await withKnownIssue {
      await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    }
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await clock.advanceAfterSleeping(by: .seconds(1))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.query == "s")
    reactor.events.accept("e")
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.query == "e")
  }
}
