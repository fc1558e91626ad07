import ReactorFlow
import Testing

/// A reactor whose `transform(action:)` merges an initial load, with a `transform(state:)` of its own.
/// Its state, mutations, `reduce` and `transform(state:)` are ``StateTransformingCounter``'s.
final class LoadingTransformedCounter: Reactor {
  enum Action: Sendable, Equatable { case load, increment }
  typealias Mutation = StateTransformingCounter.Mutation
  typealias State = StateTransformingCounter.State
  let initialState = State()
  let store = ReactorStore<LoadingTransformedCounter>()
  func transform(action: Effect<Action>) -> Effect<Action> { .merge(action, .just(.load)) }
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load: return .just(.add(10))
    case .increment: return .just(.add(1))
    }
  }
  func reduce(state: State, mutation: Mutation) -> State {
    StateTransformingCounter.reduce(state, mutation)
  }
  func transform(state: State) -> State { StateTransformingCounter.shown(state) }
}

@Suite("a mutation of an action merged in when the store starts goes through transform(state:)")
@MainActor
struct AnActionMergedInAtStartGoesThroughTransformStateTests {
  @Test("the initial load's mutation is published through transform(state:), and reduce keeps it")
  func startMergedActionThroughTransformState() {
    let counter = LoadingTransformedCounter()
    counter.send(.increment)
    #expect(counter.currentState == .init(count: 11, shown: "#11"))
  }

  @Test("recorded, the initial load's mutation is recorded once and published through transform(state:)")
  func startMergedActionRecorded() {
    let recorder = JournalRecorder()
    let counter = LoadingTransformedCounter()
    counter.record(into: recorder, as: JournalSource.app.appending("Paths").appending("Loader"))
    var observed: [LoadingTransformedCounter.Mutation] = []
    let sub = counter.store.observeMutations { observed.append($0) }
    _ = counter.currentState
    #expect(counter.currentState == .init(count: 10, shown: "#10"))
    #expect(entriesWithoutDiagnostics(recorder.journal).filter { $0.event.kind == .mutation }.count == 1)
    #expect(observed == [.add(10)])
    sub.dispose()
  }
}

/// A reactor whose `transform(action:)` merges an initial load and whose `transform(mutation:)`
/// scales every mutation: ReactorKit builds the whole chain before subscribing to it, so the
/// load's mutation goes through `transform(mutation:)` too.
final class LoadingScaledCounter: Reactor {
  enum Action: Sendable, Equatable { case load, increment }
  enum Mutation: Sendable, Equatable { case add(Int) }
  struct State: Equatable { var count = 0 }
  let initialState = State()
  let store = ReactorStore<LoadingScaledCounter>()
  func transform(action: Effect<Action>) -> Effect<Action> { .merge(action, .just(.load)) }
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load: .just(.add(10))
    case .increment: .just(.add(1))
    }
  }
  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    mutation.map { mutation in
      guard case .add(let n) = mutation else { return mutation }
      return .add(n * 100)
    }
  }
  func reduce(state: State, mutation: Mutation) -> State {
    guard case .add(let n) = mutation else { return state }
    return State(count: state.count + n)
  }
}

@Suite("a mutation of an action merged in when the store starts goes through transform(mutation:)")
@MainActor
struct AnActionMergedInAtStartGoesThroughTransformMutationTests {
  @Test("the initial load's mutation is scaled like every later one")
  func startMergedActionThroughTransformMutation() {
    let counter = LoadingScaledCounter()
    #expect(counter.currentState.count == 1_000)
    counter.send(.increment)
    #expect(counter.currentState.count == 1_100)
  }

  @Test("recorded: the same, and the stages keep their effect numbers (actions' first)")
  func startMergedActionThroughTransformMutationRecorded() {
    let recorder = JournalRecorder()
    let counter = LoadingScaledCounter()
    counter.record(into: recorder, as: JournalSource.app.appending("Paths").appending("Scaled"))
    #expect(counter.currentState.count == 1_000)
    counter.send(.increment)
    #expect(counter.currentState.count == 1_100)
    let mutations = entriesWithoutDiagnostics(recorder.journal).filter { $0.event.kind == .mutation }
    #expect(mutations.count == 2)
  }
}
