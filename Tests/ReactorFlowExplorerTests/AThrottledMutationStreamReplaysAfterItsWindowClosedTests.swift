import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A counter whose `transform(mutation:)` throttles its mutations: one per second goes on.
final class ThrottledMutationReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case tap(Int) }
  enum Mutation: Equatable, Codable, Sendable { case tapped(Int) }
  struct State: Equatable, Codable { var taps: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<ThrottledMutationReactor>()
  let clock: any Clock<Duration>
  let latest: Bool

  init(clock: any Clock<Duration>, latest: Bool) {
    self.clock = clock
    self.latest = latest
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    mutation.throttle(for: .seconds(1), clock: clock, latest: latest)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .tap(let n) = action else { return .none }
    return .just(.tapped(n))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .tapped(let n) = mutation else { return state }
    state.taps.append(n)
    return state
  }
}

@Suite("A mutation a throttling transform(mutation:) lets go after its window closed replays", .checksLeaks)
@MainActor
struct AThrottledMutationStreamReplaysAfterItsWindowClosedTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test(
    "a mutation that reaches the throttle once its window closed goes on in the replay too",
    arguments: [true, false])
  func mutationAfterTheWindow(latest: Bool) async {
    let source = JournalSource.app.appending("TapScreen").appending("ThrottledMutationReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = ThrottledMutationReactor(clock: clock, latest: latest)
    reactor.record(into: recorder, as: source)
    reactor.send(.tap(1))
    // The window closes: the next mutation goes on at once, synchronously.
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    reactor.send(.tap(2))
    #expect(reactor.currentState == .init(taps: [1, 2]))
    let journal = recorder.journal

    let replayClock = SleepCountingClock()
    let replay = await Exploration.screen(source) {
      ThrottledMutationReactor(clock: replayClock, latest: latest)
    }
    .replay(journal, checking: checks)
    // A replay runs no timer: the window the first mutation opened never closes there.
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(replayClock.sleeps.count == 0)
  }
}
