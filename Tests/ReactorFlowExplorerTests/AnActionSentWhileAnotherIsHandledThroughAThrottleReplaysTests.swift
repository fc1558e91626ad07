import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A feed whose actions `transform(action:)` throttles. `.load` delivers `.loaded` two seconds
/// later, and reducing it sends a tap from inside `reduce` — while the reactor handles the
/// delivery, after the throttle's window has closed.
final class PingingFeedReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case load
    case tap(Int)
  }
  enum Mutation: Equatable, Codable, Sendable {
    case loaded
    case tapped(Int)
  }
  struct State: Equatable, Codable { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<PingingFeedReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.throttle(for: .seconds(1), clock: clock, latest: false)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      let clock = self.clock
      return .run { send in
        try await clock.sleep(for: .seconds(2))
        await send(.loaded)
      }
    case .tap(let n):
      return .just(.tapped(n))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.log.append("\(mutation)")
    if mutation == .loaded { send(.tap(9)) }
    return state
  }
}

@Suite(
  "An action sent while another is handled goes through a throttle in the replay as recorded", .checksLeaks)
@MainActor
struct AnActionSentWhileAnotherIsHandledThroughAThrottleReplaysTests {
  @Test("a tap sent from reduce once the throttle's window closed goes through in the replay too")
  func tapFromReduceAfterTheWindow() async {
    let source = JournalSource.app.appending("FeedScreen").appending("PingingFeedReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = PingingFeedReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.load)
    // The window `.load` opened closes; the load still sleeps.
    await clock.base.advance(by: .seconds(1), afterSleepers: 2)
    // The load delivers: the tap its reduction sends finds the window closed and opens one.
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["loaded", "tapped(9)"])
    let journal = recorder.journal

    // A replay runs no timer: the window `.load` opened never closes there.
    let replayClock = SleepCountingClock()
    await expectFaithfulReplay(of: journal, at: source, on: replayClock, reaching: reactor.currentState) {
      PingingFeedReactor(clock: replayClock)
    }
  }
}
