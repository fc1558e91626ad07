import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// Which `transform` hook throttles.
enum ThrottledHook: String, Sendable, CaseIterable {
  case action, mutation
}

/// A button whose taps `transform(action:)` — or whose mutations `transform(mutation:)` —
/// throttles: one per second goes through.
final class ThrottledTapReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case tap(Int) }
  enum Mutation: Equatable, Codable, Sendable { case tapped(Int) }
  struct State: Equatable, Codable { var taps: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<ThrottledTapReactor>()
  let clock: any Clock<Duration>
  let latest: Bool
  let hook: ThrottledHook

  init(clock: any Clock<Duration>, latest: Bool, hook: ThrottledHook) {
    self.clock = clock
    self.latest = latest
    self.hook = hook
  }

  func transform(action: Effect<Action>) -> Effect<Action> {
    hook == .action ? action.throttle(for: .seconds(1), clock: clock, latest: latest) : action
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    hook == .mutation ? mutation.throttle(for: .seconds(1), clock: clock, latest: latest) : mutation
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

@Suite("A throttled action or mutation that comes after its window closed replays", .checksLeaks)
@MainActor
struct AThrottledStreamReplaysAfterItsWindowClosedTests {
  @Test(
    "a tap sent once the throttle's window closed goes through in the replay too",
    arguments: [true, false], ThrottledHook.allCases)
  func tapAfterTheWindow(latest: Bool, hook: ThrottledHook) async {
    let source = JournalSource.app.appending("TapScreen").appending("ThrottledTapReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = ThrottledTapReactor(clock: clock, latest: latest, hook: hook)
    reactor.record(into: recorder, as: source)
    reactor.send(.tap(1))
    // The window closes: the next tap (its mutation) goes through at once, synchronously.
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    reactor.send(.tap(2))
    #expect(reactor.currentState == .init(taps: [1, 2]))
    let journal = recorder.journal

    // A replay runs no timer: the throttle's window, opened by the first tap, never closes, and
    // holds or drops the second. What the recording let through at once is its stream's output,
    // which the replay delivers in its place.
    #expect(effectOutputs(journal) == ["effect 0: tapped(1)", "effect 0: tapped(2)"])
    let replayClock = SleepCountingClock()
    await expectFaithfulReplay(of: journal, at: source, on: replayClock, reaching: reactor.currentState) {
      ThrottledTapReactor(clock: replayClock, latest: latest, hook: hook)
    }
  }
}
