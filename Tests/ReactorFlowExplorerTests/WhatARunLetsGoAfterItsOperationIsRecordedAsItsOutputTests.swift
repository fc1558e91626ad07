import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

struct UploadFailed: Error {}

/// An upload whose `mutate` hands the run's number on through paths that are not a `send`:
/// `.settle` debounces what an operation sends, and the debounce's source ends (after its
/// operation) before the timer fires; `.fail` and `.failLater` throw, and `recover(from:)`
/// recovers at once or after an operation of its own; `.pair` merges two operations and goes on
/// after both.
final class UploadReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case settle
    case fail
    case failLater
    case pair
  }
  enum Mutation: Equatable, Codable, Sendable {
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
    switch action {
    case .settle:
      return Effect<Mutation>.run { send in
        await send(.progress(1))
        await send(.progress(2))
      }
      .debounce(for: .seconds(1), clock: clock)
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

@Suite("What a run lets go after its operation is recorded as that run's output, and replays", .checksLeaks)
@MainActor
struct WhatARunLetsGoAfterItsOperationIsRecordedAsItsOutputTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])
  let source = JournalSource.app.appending("UploadScreen").appending("UploadReactor")

  @Test("a debounce whose source ends after its operation lets its held mutation go as that run's output")
  func debounceEndedByItsOperation() async {
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = UploadReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.settle)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["progress(2)"])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: progress(2)"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  @Test("what recover(from:) makes at once of a failed run's error is that run's output")
  func synchronousRecovery() async {
    let recorder = JournalRecorder()
    let reactor = UploadReactor(clock: SleepCountingClock())
    reactor.record(into: recorder, as: source)
    reactor.send(.fail)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["progress(0)", #"recovered("at once")"#, "done"])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == [#"effect 0: recovered("at once")"#, "effect 0: done"])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  @Test("an asynchronous recovery is a run of its own: what it sends is its output, not the failed run's")
  func asynchronousRecovery() async {
    let recorder = JournalRecorder()
    let reactor = UploadReactor(clock: SleepCountingClock())
    reactor.recoversLater = true
    reactor.record(into: recorder, as: source)
    reactor.send(.failLater)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == [#"recovered("later")"#])
    let journal = recorder.journal
    #expect(effectOutputs(journal) == [#"effect 1: recovered("later")"#])
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState, recoversLater: true)
  }

  @Test("what a merge's asynchronous branches send, and the walk after the merge, are the run's outputs")
  func mergedOperations() async {
    let recorder = JournalRecorder()
    let reactor = UploadReactor(clock: SleepCountingClock())
    reactor.record(into: recorder, as: source)
    reactor.send(.pair)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log.sorted() == ["done", "progress(1)", "progress(2)"])
    #expect(reactor.currentState.log.last == "done")
    let journal = recorder.journal
    #expect(effectOutputs(journal).allSatisfy { $0.hasPrefix("effect 0: ") })
    #expect(effectOutputs(journal).count == 3)
    await expectFaithfulReplay(of: journal, reaching: reactor.currentState)
  }

  /// Replays `journal` on a new reactor: it starts no timer and reaches `state`.
  private func expectFaithfulReplay(
    of journal: Journal, reaching state: UploadReactor.State, recoversLater: Bool = false
  ) async {
    let replayClock = SleepCountingClock()
    let replay = await Exploration.screen(source) {
      let reactor = UploadReactor(clock: replayClock)
      reactor.recoversLater = recoversLater
      return reactor
    }
    .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(state)")
    #expect(replayClock.sleeps.count == 0)
  }
}
