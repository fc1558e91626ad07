import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A download whose effect goes on after its operation ends (`loadEnded`), cancelled by `stop`.
final class StoppableDownloadReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case load
    case stop
  }
  enum Mutation: Equatable, Codable, Sendable {
    case started
    case loadEnded
    case stopped
  }
  struct State: Equatable, Codable { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<StoppableDownloadReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .concat(
        .just(.started),
        Effect.run { [clock] _ in try await clock.sleep(for: .seconds(10)) }.cancellable(id: "download"),
        .just(.loadEnded))
    case .stop:
      return .concat(.cancel(id: "download"), .just(.stopped))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.log.append("\(mutation)")
    return state
  }
}

@Suite("What follows an operation cancelled by another action replays in its order", .checksLeaks)
@MainActor
struct WhatFollowsACancelledOperationReplaysInOrderTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test(
    "the walk after a cancelled download (loadEnded) comes before the cancelling action's stopped, in the replay too"
  )
  func cancelledThenStopped() async {
    let source = JournalSource.app.appending("DownloadScreen").appending("StoppableDownloadReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = StoppableDownloadReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.load)
    reactor.send(.stop)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["started", "loadEnded", "stopped"])
    let journal = recorder.journal

    let replay = await Exploration.screen(source) { StoppableDownloadReactor(clock: SleepCountingClock()) }
      .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
  }
}
