import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A counter whose `mutate` sends a second action on `.double` (re-entrant), with `Sendable`
/// actions and mutations.
final class JournaledCounter: Reactor {
  enum Action: Sendable, Equatable { case increment, double, typed(String) }
  enum Mutation: Sendable, Equatable { case add(Int), setText(String) }
  struct State { var count = 0, text = "" }
  let initialState = State()
  let store = ReactorStore<JournaledCounter>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: return .just(.add(1))
    case .double:
      send(.increment)
      return .just(.add(1))
    case .typed(let text): return .just(.setText(text))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.count += amount
    case .setText(let text): state.text = text
    }
    return state
  }
}

/// A reactor whose action carries a class: not `Sendable`.
final class UnsendableActionReactor: Reactor {
  final class Box { var value = 3 }
  enum Action { case use(Box) }
  struct State { var value = 0 }
  let initialState = State()
  let store = ReactorStore<UnsendableActionReactor>()
  func reduce(state: State, mutation: Action) -> State {
    guard case .use(let box) = mutation else { return state }
    return State(value: box.value)
  }
}

/// A reactor with a `transform(mutation:)` stage that turns each mutation into another.
final class TransformingCounter: Reactor {
  enum Action: Sendable { case increment }
  enum Mutation: Sendable { case add(Int) }
  struct State { var count = 0 }
  let initialState = State()
  let store = ReactorStore<TransformingCounter>()
  func mutate(action: Action) -> Effect<Mutation> { .just(.add(1)) }
  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    mutation.map { mutation in
      guard case .add(let amount) = mutation else { return mutation }
      return .add(amount * 10)
    }
  }
  func reduce(state: State, mutation: Mutation) -> State {
    guard case .add(let amount) = mutation else { return state }
    return State(count: state.count + amount)
  }
}

/// The entries of `journal` other than diagnostics (suites running meanwhile may report some,
/// and every recorder records the diagnostics of the process).
func entriesWithoutDiagnostics(_ journal: Journal) -> [JournalEntry] {
  journal.entries.filter { $0.event.kind != .diagnostic }
}

/// `kind: description @ source` per entry: what a test compares.
func summary(_ entries: [JournalEntry]) -> [String] {
  entries.map { entry in
    "\(entry.event.kind.rawValue): \(entry.event.payload?.description ?? JournalTracerText.of(entry)) @ \(entry.source)"
  }
}

enum JournalTracerText {
  static func of(_ entry: JournalEntry) -> String {
    switch entry.event {
    case .deepLink(let text), .navigation(let text), .diagnostic(let text), .renderedTree(let text):
      return text
    case .gesture(let gesture): return gesture.description
    default: return ""
    }
  }
}

@Suite("A recorded reactor journals the actions sent to it and the mutations it reduces")
@MainActor
struct RecordingReactorsTests {
  let source = JournalSource.app.appending("HomeFlow").appending("JournaledCounter")

  @Test("actions and mutations are recorded in the order they happen, numbered, as the values themselves")
  func order() throws {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.send(.typed("hello"))
    let entries = entriesWithoutDiagnostics(recorder.journal)
    #expect(
      summary(entries) == [
        "action: increment @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
        "action: typed(\"hello\") @ HomeFlow/0 > JournaledCounter/0",
        "mutation: setText(\"hello\") @ HomeFlow/0 > JournaledCounter/0",
      ])
    // Values are kept as they are (encoded only when the journal is written).
    #expect(entries[0].event.payload?.value as? JournaledCounter.Action == .increment)
    #expect(entries[3].event.payload?.value as? JournaledCounter.Mutation == .setText("hello"))
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.time.sequence < $1.time.sequence })
    #expect(counter.recordedSource == source)
  }

  @Test(
    "an action the reactor sends itself while handling another is not recorded: replaying the first sends it again"
  )
  func reentrant() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.double)
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: double @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
      ])
    #expect(counter.currentState.count == 2)
  }

  @Test("actions sent from another thread are recorded once, when the main actor handles them")
  func otherThreads() async {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let sender = counter.action
    await Task.detached {
      for _ in 0..<3 { sender.accept(.increment) }
    }.value
    counter.processPendingActions()
    let kinds = entriesWithoutDiagnostics(recorder.journal).map(\.event.kind)
    #expect(kinds == [.action, .mutation, .action, .mutation, .action, .mutation])
    #expect(counter.currentState.count == 3)
  }

  @Test("a reactor with a transform(mutation:) stage records the mutations that come out of it, as reduced")
  func transformed() {
    let recorder = JournalRecorder()
    let counter = TransformingCounter()
    counter.record(into: recorder, as: .app.appending("TransformingCounter"))
    counter.send(.increment)
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: increment @ TransformingCounter/0", "mutation: add(10) @ TransformingCounter/0",
      ])
    #expect(counter.currentState.count == 10)
  }

  @Test(
    "actions that are not Sendable are recorded as their type and description, and say they do not replay")
  func unsendable() throws {
    let recorder = JournalRecorder()
    let reactor = UnsendableActionReactor()
    reactor.record(into: recorder, as: .app.appending("UnsendableActionReactor"))
    reactor.send(.use(.init()))
    let entries = entriesWithoutDiagnostics(recorder.journal)
    try #require(entries.count == 2)
    let payload = try #require(entries[0].event.payload)
    #expect(payload.value == nil)
    #expect(payload.isReplayable == false)
    #expect(payload.typeName.hasSuffix("UnsendableActionReactor.Action"))
    #expect(payload.description.hasPrefix("use("))
  }

  @Test(
    "a reactor recorded after it started records every action sent from then on, the stub on or off"
  )
  func recordedAfterStart() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.send(.increment)
    counter.record(into: recorder, as: source)
    var observed: [JournaledCounter.Mutation] = []
    let subscription = counter.store.observeMutations { observed.append($0) }
    counter.send(.typed("a"))
    counter.isStubEnabled = true
    counter.send(.increment)
    counter.isStubEnabled = false
    counter.send(.double)
    subscription.dispose()
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: typed(\"a\") @ HomeFlow/0 > JournaledCounter/0",
        "mutation: setText(\"a\") @ HomeFlow/0 > JournaledCounter/0",
        "action: increment @ HomeFlow/0 > JournaledCounter/0",
        "action: double @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
      ])
    #expect(observed == [.setText("a"), .add(1), .add(1)])
    #expect(counter.stub.actions == [.increment])
    #expect(counter.currentState.count == 3)
  }

  @Test("a reactor recorded before its first action records it, and again once recording is back on")
  func recordedBeforeStart() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.stopRecording()
    counter.send(.increment)
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: increment @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
        "action: increment @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
      ])
    #expect(counter.currentState.count == 3)
  }

  @Test("after stopRecording nothing more is recorded, and the reactor goes on")
  func stop() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.stopRecording()
    counter.send(.increment)
    #expect(entriesWithoutDiagnostics(recorder.journal).count == 2)
    #expect(counter.currentState.count == 2)
    #expect(counter.recordedSource == nil)
  }

  @Test("a diagnostic reported while a recorder records is in its journal")
  func diagnostics() async {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    _ = await withDiagnostics { ReactorFlowDiagnostics.emit("recorded diagnostic 2b8e") }
    let diagnostics = recorder.journal.entries.compactMap { entry -> String? in
      if case .diagnostic(let text) = entry.event { return text }
      return nil
    }
    #expect(diagnostics.contains("recorded diagnostic 2b8e"))
  }

  @Test("a recorded reactor and its recorder are released when nothing else holds them")
  func released() async {
    await expectNoLeaks { leaks in
      let recorder = leaks.track(JournalRecorder())
      let counter = leaks.track(JournaledCounter())
      counter.record(into: recorder, as: source)
      counter.send(.increment)
    }
  }
}
