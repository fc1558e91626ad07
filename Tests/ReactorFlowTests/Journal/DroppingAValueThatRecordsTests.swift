import ReactorFlow
import Testing

/// A value recorded in a ring buffer is destroyed when the ring drops it: its `deinit` may record
/// (a diagnostic reaches every live recorder), so it must not run while the recorder holds its
/// lock, which is not re-entrant.
@Suite("A value a ring drops may record as it goes")
@MainActor
struct DroppingAValueThatRecordsTests {
  final class Noisy: Sendable {
    let recorder: JournalRecorder
    init(_ recorder: JournalRecorder) { self.recorder = recorder }
    deinit { recorder.recordDiagnostic("a dropped value went", from: .app) }
  }

  final class Keeper: Reactor {
    enum Action: Sendable { case keep(Noisy) }
    enum Mutation: Sendable { case kept }
    struct State { var count = 0 }
    let initialState = State()
    let store = ReactorStore<Keeper>()
    func mutate(action: Action) -> Effect<Mutation> { .just(.kept) }
    func reduce(state: State, mutation: Mutation) -> State { State(count: state.count + 1) }
  }

  @Test(
    "values a ring drops, as it records or as its journal is read, record a diagnostic each, and recording goes on",
    arguments: [2, 3, 5])
  func droppedValuesRecord(capacity: Int) {
    let recorder = JournalRecorder(keepingLast: capacity)
    let keeper = Keeper()
    keeper.record(into: recorder, as: JournalSource.app.appending("Keeper"))
    for _ in 0..<10 { keeper.send(.keep(Noisy(recorder))) }
    let journal = recorder.journal
    #expect(journal.count == capacity)
    #expect(journal.droppedCount > 0)
  }
}
