import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A toast whose `mutate` hands its mutations to a stage: `.show` delays one, `.burst` sends two
/// through a throttle that keeps the latest (the second goes on when the window closes), `.expand`
/// flat-maps what an operation sends into mutations made at once.
final class TimedToastReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case show(Int)
    case burst
    case expand
    case flash(Int)
  }
  enum Mutation: Equatable, Codable, Sendable { case shown(Int) }
  struct State: Equatable, Codable { var shown: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<TimedToastReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .show(let n):
      return Effect.just(.shown(n)).delay(for: .seconds(1), clock: clock)
    case .burst:
      let clock = self.clock
      return Effect<Mutation>.run { send in
        await send(.shown(1))
        await send(.shown(2))
        // The source stays open past the window: the held element goes on as the timer fires,
        // not as the source ends.
        try await clock.sleep(for: .seconds(2))
      }
      .throttle(for: .seconds(1), clock: clock, latest: true)
    case .flash(let n):
      // A throttle whose window is closed lets the element go at once.
      return Effect.just(.shown(n)).throttle(for: .seconds(1), clock: clock, latest: false)
    case .expand:
      return Effect<Int>.run { send in await send(3) }
        .flatMap { n in Effect.merge(.just(.shown(n)), .just(.shown(n * 10))) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .shown(let n) = mutation else { return state }
    state.shown.append(n)
    return state
  }
}

@Suite("What a timer or a flat map lets go is recorded as its run's output, and replays", .checksLeaks)
@MainActor
struct WhatATimerLetsGoIsRecordedAsItsRunsOutputTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])
  let source = JournalSource.app.appending("ToastScreen").appending("TimedToastReactor")

  @Test("a delayed mutation is recorded as its effect's output when its timer fires")
  func delayedMutation() async {
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = TimedToastReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.show(7))
    #expect(reactor.currentState.shown == [])
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.shown == [7])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: shown(7)"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  @Test("a throttle's held mutation is recorded as its effect's output when the window closes")
  func throttledMutation() async {
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = TimedToastReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.burst)
    // The operation's sleep and the throttle's window.
    await clock.base.advance(by: .seconds(1), afterSleepers: 2)
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.shown == [1, 2])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: shown(1)", "effect 0: shown(2)"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  @Test("a throttle lets its first element go at once, recorded as its run's output")
  func throttledAtOnce() async {
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = TimedToastReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.flash(5))
    #expect(reactor.currentState.shown == [5])
    // Its source has ended: no window is left open.
    #expect(reactor.store.tasksInFlight == 0)
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: shown(5)"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  @Test(
    "a flat map's inner mutations, started by an operation's element, are recorded as its effect's outputs")
  func flatMappedMutations() async {
    let recorder = JournalRecorder()
    let reactor = TimedToastReactor(clock: SleepCountingClock())
    reactor.record(into: recorder, as: source)
    reactor.send(.expand)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.shown == [3, 30])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: shown(3)", "effect 0: shown(30)"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  /// Replays `journal` on a new reactor: it starts no timer and reaches `state`.
  private func expectFaithfulReplay(of journal: Journal, reaching state: TimedToastReactor.State) async {
    let replayClock = SleepCountingClock()
    let replay = await Exploration.screen(source) { TimedToastReactor(clock: replayClock) }
      .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(state)")
    #expect(replayClock.sleeps.count == 0)
  }
}
