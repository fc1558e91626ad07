import ReactorFlow
import Testing

/// A recorder holds its recorded reactors' logs, and they share its lock: nothing they hold may
/// keep the recorder, or what it recorded, alive once the app lets go of it.
@Suite("A recorder and what it recorded are released once nothing uses them")
@MainActor
struct ReleasingARecorderTests {
  final class Payload: Sendable {}

  /// A reactor whose mutations hold a reference, so that the test can see the values go.
  final class Holder: Reactor {
    enum Action: Sendable { case keep }
    enum Mutation: Sendable { case keep(Payload) }
    struct State { var count = 0 }
    let initialState = State()
    let store = ReactorStore<Holder>()
    weak var lastPayload: Payload?

    func mutate(action: Action) -> Effect<Mutation> {
      let payload = Payload()
      lastPayload = payload
      return .just(.keep(payload))
    }

    func reduce(state: State, mutation: Mutation) -> State {
      State(count: state.count + 1)
    }
  }

  @Test(
    "a recorder, its recorded reactor and the values recorded go with the last reference, read or not, ring or not",
    arguments: [nil, 3] as [Int?], [false, true])
  func releasedAfterUse(capacity: Int?, readsTheJournal: Bool) async {
    weak var weakRecorder: JournalRecorder?
    weak var weakReactor: Holder?
    weak var weakPayload: Payload?
    do {
      let recorder = capacity.map { JournalRecorder(keepingLast: $0) } ?? JournalRecorder()
      let reactor = Holder()
      reactor.record(into: recorder, as: JournalSource.app.appending("Holder"))
      for _ in 0..<5 { reactor.send(.keep) }
      if readsTheJournal { #expect(!recorder.journal.isEmpty) }
      weakRecorder = recorder
      weakReactor = reactor
      weakPayload = reactor.lastPayload
      #expect(weakPayload != nil, "the recorder keeps the last mutation's value")
    }
    // Another test's thread may be reading the recorders that diagnostics go to at this moment:
    // that read holds each one for a moment, so the last release can come a few turns later.
    for _ in 0..<10_000 where weakRecorder != nil || weakPayload != nil { await Task.yield() }
    #expect(weakReactor == nil)
    #expect(weakRecorder == nil)
    #expect(weakPayload == nil, "the values recorded go with the recorder")
  }
}
