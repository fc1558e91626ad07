import ReactorFlow
import Testing

/// A reactor with a `transform(state:)` of its own (off the direct path, through the pipeline).
final class StateTransformingCounter: Reactor {
  enum Action: Sendable, Equatable { case increment }
  enum Mutation: Sendable, Equatable { case add(Int) }
  struct State: Equatable { var count = 0; var shown = "" }
  let initialState = State()
  let store = ReactorStore<StateTransformingCounter>()
  func mutate(action: Action) -> Effect<Mutation> { .just(.add(1)) }
  func reduce(state: State, mutation: Mutation) -> State { Self.reduce(state, mutation) }
  func transform(state: State) -> State { Self.shown(state) }

  static func reduce(_ state: State, _ mutation: Mutation) -> State {
    var state = state
    if case .add(let n) = mutation { state.count += n }
    return state
  }

  /// The published state: the count shown as "#n".
  static func shown(_ state: State) -> State {
    var state = state
    state.shown = "#\(state.count)"
    return state
  }
}

/// Keeps a canary alive only through the closure that captures it.
final class ObserverCanary { var hits: [String] = [] }

@Suite("a mutation is recorded once and observed once on every path")
@MainActor
struct AMutationIsRecordedAndObservedOnceOnEveryPathTests {
  let source = JournalSource.app.appending("Paths").appending("Counter")

  func kinds(_ recorder: JournalRecorder) -> [JournalEntry.Kind] {
    entriesWithoutDiagnostics(recorder.journal).map(\.event.kind)
  }

  @Test("a journal attached before the first action records the action and its mutation once each")
  func journalBeforeFirstAction() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    var observed: [JournaledCounter.Mutation] = []
    let sub = counter.store.observeMutations { observed.append($0) }
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.send(.double)
    #expect(kinds(recorder) == [.action, .mutation, .action, .mutation, .mutation])
    #expect(observed == [.add(1), .add(1), .add(1)])
    #expect(counter.currentState.count == 3)
    sub.dispose()
  }

  @Test("a journal attached mid-session records from then on; detached, it records nothing more")
  func journalAttachedAndDetachedMidSession() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    var observed = 0
    let sub = counter.store.observeMutations { _ in observed += 1 }
    counter.send(.increment)
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.stopRecording()
    counter.send(.increment)
    #expect(kinds(recorder) == [.action, .mutation])
    #expect(observed == 3)
    #expect(counter.currentState.count == 3)
    sub.dispose()
  }

  @Test("stubbed then unstubbed, a recorded reactor records each later mutation once")
  func stubOnOffRecorded() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    var observed = 0
    let sub = counter.store.observeMutations { _ in observed += 1 }
    counter.record(into: recorder, as: source)
    counter.isStubEnabled = true
    counter.send(.increment)
    #expect(counter.currentState.count == 0)
    counter.isStubEnabled = false
    counter.send(.increment)
    let k = kinds(recorder)
    #expect(k.filter { $0 == .mutation }.count == 1)
    #expect(observed == 1)
    #expect(counter.currentState.count == 1)
    sub.dispose()
  }

  @Test(
    "a transform(state:) reactor, recorded, records each mutation once and publishes the transformed state")
  func transformStateRecorded() {
    let recorder = JournalRecorder()
    let counter = StateTransformingCounter()
    var observed = 0
    let sub = counter.store.observeMutations { _ in observed += 1 }
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    counter.send(.increment)
    #expect(kinds(recorder) == [.action, .mutation, .action, .mutation])
    #expect(observed == 2)
    #expect(counter.currentState == .init(count: 2, shown: "#2"))
    sub.dispose()
  }

  // MARK: - A mutation observer that replaces or removes itself while it is called

  /// What a mutation observer of `reactor` that replaces itself while called (and the observer
  /// that replaces it) saw of two `action`s.
  func replacingObserverWhileCalled<R: Reactor>(_ reactor: R, sending action: R.Action) -> [String] {
    var log: [String] = []
    var subs: [AnyDisposable] = []
    do {
      let canary = ObserverCanary()
      subs.append(
        reactor.store.observeMutations { [canary] mutation in
          // Replaces this very closure (its context's last strong reference is the store's).
          subs.append(reactor.store.observeMutations { _ in log.append("second") })
          // Still running: the canary captured by the replaced closure must be alive.
          canary.hits.append("first \(mutation)")
          log.append(contentsOf: canary.hits)
        })
    }
    reactor.send(action)
    reactor.send(action)
    for sub in subs { sub.dispose() }
    return log
  }

  func replacingObserverWhileCalled(recorded: Bool) {
    let counter = JournaledCounter()
    if recorded { counter.record(into: JournalRecorder(), as: source) }
    #expect(replacingObserverWhileCalled(counter, sending: .increment) == ["first add(1)", "second"])
  }

  @Test("an observer that replaces itself while called runs to its end (direct path)")
  func observerReplacesItselfDirect() { replacingObserverWhileCalled(recorded: false) }

  @Test("an observer that replaces itself while called runs to its end (recorded path)")
  func observerReplacesItselfRecorded() { replacingObserverWhileCalled(recorded: true) }

  @Test("an observer that disposes its own subscription while called runs to its end, once")
  func observerDisposesItself() {
    for recorded in [false, true] {
      let counter = JournaledCounter()
      if recorded { counter.record(into: JournalRecorder(), as: source) }
      var log: [String] = []
      var sub: AnyDisposable?
      do {
        let canary = ObserverCanary()
        sub = counter.store.observeMutations { [canary] _ in
          sub?.dispose()
          sub = nil
          canary.hits.append("called")
          log.append(contentsOf: canary.hits)
        }
      }
      counter.send(.increment)
      counter.send(.increment)
      #expect(log == ["called"])
    }
  }

  @Test("a transform(state:) reactor's observer that replaces itself while called runs to its end")
  func observerReplacesItselfTransformed() {
    let counter = StateTransformingCounter()
    #expect(replacingObserverWhileCalled(counter, sending: .increment) == ["first add(1)", "second"])
  }
}
