import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A stopwatch: ticks every second until it is stopped (ReactorKit users write
/// `Observable<Int>.interval(.seconds(1), scheduler:).take(until:)`).
final class StopwatchReactor: Reactor {
  enum Action: Sendable {
    case start
    case stop
  }
  enum Mutation: Sendable { case tick(Int) }
  struct State: Sendable { var ticks: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<StopwatchReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return Effect.interval(.seconds(1), clock: clock).map { Mutation.tick($0) }.cancellable(id: "watch")
    case .stop:
      return .cancel(id: "watch")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .tick(let count): newState.ticks.append(count)
    }
    return newState
  }
}

@MainActor
@Suite("Effect.interval: a tick every period until it is cancelled", .checksLeaks)
struct EffectIntervalTests {
  @Test("ticks 0, 1, 2 one period apart; none after it is cancelled")
  func ticksUntilCancelled() async {
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    reactor.send(.start)
    #expect(reactor.currentState.ticks.isEmpty)
    await clock.advanceAfterSleeping(by: .seconds(1))
    await expectEventually { reactor.currentState.ticks == [0] }
    await clock.advanceAfterSleeping(by: .seconds(1))
    await expectEventually { reactor.currentState.ticks == [0, 1] }
    await clock.advanceAfterSleeping(by: .seconds(1))
    await expectEventually { reactor.currentState.ticks == [0, 1, 2] }
    reactor.send(.stop)
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    await clock.run()
    #expect(reactor.currentState.ticks == [0, 1, 2])
  }

  @Test("a reactor released while its interval runs stops it and is released")
  func releasedStopsInterval() async {
    let clock = TestClock()
    var reactor: StopwatchReactor? = StopwatchReactor(clock: clock)
    reactor?.send(.start)
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
  }
}
