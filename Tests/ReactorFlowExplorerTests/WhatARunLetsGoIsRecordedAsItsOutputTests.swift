import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

struct UploadFailed: Error {}

/// An upload whose `mutate` hands its mutations on through paths that are not a plain `send`:
/// - `.show` delays one; `.burst` sends two through a throttle that keeps the latest (the second
///   goes on when the window closes, the source still open); `.flash` throttles what it returns
///   synchronously (the window is closed: it goes on at once);
/// - `.settle` debounces what an operation sends, and the source ends (after its operation)
///   before the timer fires;
/// - `.expand` flat-maps what an operation sends into mutations made at once;
/// - `.fail` and `.failLater` throw, and `recover(from:)` recovers at once or after an operation
///   of its own;
/// - `.pair` merges two operations and goes on after both.
final class UploadReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case show(Int)
    case burst
    case flash(Int)
    case settle
    case expand
    case fail
    case failLater
    case pair
  }
  enum Mutation: Equatable, Codable, Sendable {
    case shown(Int)
    case progress(Int)
    case recovered(String)
    case done
  }
  struct State: Equatable, Codable { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<UploadReactor>()
  let clock: any Clock<Duration>
  /// Whether the recovery goes asynchronous.
  var recoversLater = false

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    let clock = self.clock
    switch action {
    case .show(let n):
      return Effect.just(.shown(n)).delay(for: .seconds(1), clock: clock)
    case .burst:
      return Effect<Mutation>.run { send in
        await send(.shown(1))
        await send(.shown(2))
        // The source stays open past the window: the held element goes on as the timer fires,
        // not as the source ends.
        try await clock.sleep(for: .seconds(2))
      }
      .throttle(for: .seconds(1), clock: clock, latest: true)
    case .flash(let n):
      return Effect.just(.shown(n)).throttle(for: .seconds(1), clock: clock, latest: false)
    case .settle:
      return Effect<Mutation>.run { send in
        await send(.progress(1))
        await send(.progress(2))
      }
      .debounce(for: .seconds(1), clock: clock)
    case .expand:
      return Effect<Int>.run { send in await send(3) }
        .flatMap { n in Effect.merge(.just(.shown(n)), .just(.shown(n * 10))) }
    case .fail:
      return .concat(.just(.progress(0)), Effect<Mutation>.run { _ in throw UploadFailed() })
    case .failLater:
      return .concat(
        Effect<Mutation>.run { _ in throw UploadFailed() },
        .just(.done))
    case .pair:
      return .concat(
        .merge(
          Effect<Mutation>.run { send in await send(.progress(1)) },
          Effect<Mutation>.run { send in await send(.progress(2)) }),
        .just(.done))
    }
  }

  func recover(from error: any Error) -> Effect<Mutation> {
    if recoversLater {
      return Effect<Mutation>.run { send in await send(.recovered("later")) }
    }
    return .concat(.just(.recovered("at once")), .just(.done))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.log.append("\(mutation)")
    return state
  }
}

@Suite("What a run lets go is recorded as its output, whatever it went through, and replays", .checksLeaks)
@MainActor
struct WhatARunLetsGoIsRecordedAsItsOutputTests {
  let source = JournalSource.app.appending("UploadScreen").appending("UploadReactor")

  @Test("a delayed mutation is recorded as its effect's output when its timer fires")
  func delayedMutation() async {
    let (reactor, recorder, clock) = recorded()
    reactor.send(.show(7))
    #expect(reactor.currentState.log == [])
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["shown(7)"])
    #expect(effectOutputs(recorder.journal) == ["effect 0: shown(7)"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test("a throttle's held mutation is recorded as its effect's output when the window closes")
  func throttledMutation() async {
    let (reactor, recorder, clock) = recorded()
    reactor.send(.burst)
    // The operation's sleep and the throttle's window.
    await clock.base.advance(by: .seconds(1), afterSleepers: 2)
    await clock.base.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["shown(1)", "shown(2)"])
    #expect(effectOutputs(recorder.journal) == ["effect 0: shown(1)", "effect 0: shown(2)"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test("a throttle lets its first element go at once, recorded as its run's output")
  func throttledAtOnce() async {
    let (reactor, recorder, _) = recorded()
    reactor.send(.flash(5))
    #expect(reactor.currentState.log == ["shown(5)"])
    // Its source has ended: no window is left open.
    #expect(reactor.store.tasksInFlight == 0)
    #expect(effectOutputs(recorder.journal) == ["effect 0: shown(5)"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test("a debounce whose source ends after its operation lets its held mutation go as that run's output")
  func debounceEndedByItsOperation() async {
    let (reactor, recorder, _) = recorded()
    reactor.send(.settle)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["progress(2)"])
    #expect(effectOutputs(recorder.journal) == ["effect 0: progress(2)"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test(
    "a flat map's inner mutations, started by an operation's element, are recorded as its effect's outputs")
  func flatMappedMutations() async {
    let (reactor, recorder, _) = recorded()
    reactor.send(.expand)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["shown(3)", "shown(30)"])
    #expect(effectOutputs(recorder.journal) == ["effect 0: shown(3)", "effect 0: shown(30)"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test("what recover(from:) makes at once of a failed run's error is that run's output")
  func synchronousRecovery() async {
    let (reactor, recorder, _) = recorded()
    reactor.send(.fail)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["progress(0)", #"recovered("at once")"#, "done"])
    #expect(effectOutputs(recorder.journal) == [#"effect 0: recovered("at once")"#, "effect 0: done"])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  @Test("an asynchronous recovery is a run of its own: what it sends is its output, not the failed run's")
  func asynchronousRecovery() async {
    let (reactor, recorder, _) = recorded(recoversLater: true)
    reactor.send(.failLater)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == [#"recovered("later")"#])
    #expect(effectOutputs(recorder.journal) == [#"effect 1: recovered("later")"#])
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState, recoversLater: true)
  }

  @Test("what a merge's asynchronous branches send, and the walk after the merge, are the run's outputs")
  func mergedOperations() async {
    let (reactor, recorder, _) = recorded()
    reactor.send(.pair)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log.sorted() == ["done", "progress(1)", "progress(2)"])
    #expect(reactor.currentState.log.last == "done")
    let outputs = effectOutputs(recorder.journal)
    #expect(outputs.allSatisfy { $0.hasPrefix("effect 0: ") })
    #expect(outputs.count == 3)
    await expectFaithfulReplay(of: recorder.journal, reaching: reactor.currentState)
  }

  /// A reactor recorded from its start, its recorder and its clock.
  private func recorded(recoversLater: Bool = false) -> (UploadReactor, JournalRecorder, SleepCountingClock) {
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = UploadReactor(clock: clock)
    reactor.recoversLater = recoversLater
    reactor.record(into: recorder, as: source)
    return (reactor, recorder, clock)
  }

  /// Replays `journal` on a new reactor: it starts no timer and reaches `state`.
  private func expectFaithfulReplay(
    of journal: Journal, reaching state: UploadReactor.State, recoversLater: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let replayClock = SleepCountingClock()
    await ReactorFlowExplorerTests.expectFaithfulReplay(
      of: journal, at: source, on: replayClock, reaching: state, sourceLocation: sourceLocation
    ) {
      let reactor = UploadReactor(clock: replayClock)
      reactor.recoversLater = recoversLater
      return reactor
    }
  }
}
