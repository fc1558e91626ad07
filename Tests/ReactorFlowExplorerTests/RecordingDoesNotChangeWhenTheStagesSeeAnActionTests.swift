import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A feed whose `transform(action:)` lets `.ping` through only while the feed has not loaded, as
/// the state is when the ping reaches it. Reducing `.loaded` (delivered by `.load`'s operation)
/// sends `.ping` from inside `reduce`: the stages see it at once, before the loaded state is
/// stored.
final class StateFilteredPingReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case load
    case ping
  }
  enum Mutation: Equatable, Codable, Sendable {
    case loaded
    case pinged
  }
  struct State: Equatable, Codable {
    var isLoaded = false
    var log: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<StateFilteredPingReactor>()

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.filter { [weak self] action in
      action != .ping || self?.currentState.isLoaded == false
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load: .run { send in await send(.loaded) }
    case .ping: .just(.pinged)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.log.append("\(mutation)")
    if mutation == .loaded {
      state.isLoaded = true
      send(.ping)
    }
    return state
  }
}

@Suite("Recording does not change when the stages see an action", .checksLeaks)
@MainActor
struct RecordingDoesNotChangeWhenTheStagesSeeAnActionTests {
  @Test(
    "an action sent from reduce during an asynchronous delivery reaches the stages at once, recorded or not")
  func actionFromReduceDuringADelivery() async {
    let unrecorded = StateFilteredPingReactor()
    unrecorded.send(.load)
    await unrecorded.store.waitUntilIdle()

    let recorder = JournalRecorder()
    let recorded = StateFilteredPingReactor()
    recorded.record(into: recorder, as: .app.appending("FeedScreen").appending("StateFilteredPingReactor"))
    recorded.send(.load)
    await recorded.store.waitUntilIdle()

    // The ping reached the filter before the loaded state was stored: it went through.
    #expect(unrecorded.currentState.log == ["loaded", "pinged"])
    #expect(recorded.currentState == unrecorded.currentState)
  }
}
