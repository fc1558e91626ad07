import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A button whose taps `transform(action:)` throttles: one tap per second goes through.
final class ThrottledTapReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case tap(Int) }
  enum Mutation: Equatable, Codable, Sendable { case tapped(Int) }
  struct State: Equatable, Codable { var taps: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<ThrottledTapReactor>()
  let clock: any Clock<Duration>
  let latest: Bool

  init(clock: any Clock<Duration>, latest: Bool) {
    self.clock = clock
    self.latest = latest
  }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.throttle(for: .seconds(1), clock: clock, latest: latest)
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

@Suite("A throttled action sent after its window closed replays", .checksLeaks)
@MainActor
struct AThrottledActionReplaysAfterItsWindowClosedTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test(
    "a tap sent once the throttle's window closed goes through in the replay too",
    arguments: [true, false])
  func tapAfterTheWindow(latest: Bool) async {
    let source = JournalSource.app.appending("TapScreen").appending("ThrottledTapReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = ThrottledTapReactor(clock: clock, latest: latest)
    reactor.record(into: recorder, as: source)
    reactor.send(.tap(1))
    // The window closes: the next tap goes through at once, synchronously.
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    reactor.send(.tap(2))
    #expect(reactor.currentState == .init(taps: [1, 2]))
    let journal = recorder.journal

    let replayClock = SleepCountingClock()
    let replay = await Exploration.screen(source) { ThrottledTapReactor(clock: replayClock, latest: latest) }
      .replay(journal, checking: checks)
    // A replay runs no timer: the throttle's window, opened by the first tap, never closes, and
    // holds or drops the second. What the recording let through at once is its stream's output,
    // which the replay delivers in its place.
    #expect(effectOutputs(journal) == ["effect 0: tapped(1)", "effect 0: tapped(2)"])
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(replayClock.sleeps.count == 0)
  }
}
