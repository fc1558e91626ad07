import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A service that counts its calls: a replay must not call it.
final class CountingCatalog: Sendable {
  let calls = LockIsolated(0)
  func fetch() async -> [String] {
    calls.withValue { $0 += 1 }
    return ["tea", "milk"]
  }
}

/// A reactor whose `.load` sets a flag at once, then loads items through a `.run` operation.
final class CatalogReactor: Reactor {
  enum Action: Sendable, Equatable, Codable { case load, clear }
  enum Mutation: Sendable, Equatable, Codable { case setLoading(Bool), setItems([String]) }
  struct State: Equatable, Codable { var isLoading = false, items: [String] = [] }
  let initialState = State()
  let store = ReactorStore<CatalogReactor>()
  let catalog: CountingCatalog

  init(catalog: CountingCatalog) { self.catalog = catalog }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .concat(
        .just(.setLoading(true)),
        .run { [catalog] send in
          await send(.setItems(await catalog.fetch()))
          await send(.setLoading(false))
        })
    case .clear:
      return .concat(.just(.setItems([])), .just(.setLoading(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setItems(let items): state.items = items
    }
    return state
  }
}

@Suite(
  "A recorded reactor journals what its effects' asynchronous parts deliver; substituted, they do not start")
@MainActor
struct RecordingEffectOutputsTests {
  let source = JournalSource.app.appending("CatalogReactor")

  @Test("each value a started operation delivers is recorded as its effect's output, before its mutation")
  func outputsBeforeMutations() async {
    let recorder = JournalRecorder()
    let reactor = CatalogReactor(catalog: CountingCatalog())
    reactor.record(into: recorder, as: source)
    reactor.send(.load)
    await reactor.store.waitUntilIdle()
    reactor.send(.load)
    await reactor.store.waitUntilIdle()
    reactor.send(.clear)
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: load @ CatalogReactor/0",
        "mutation: setLoading(true) @ CatalogReactor/0",
        "effectOutput: setItems([\"tea\", \"milk\"]) @ CatalogReactor/0",
        "mutation: setItems([\"tea\", \"milk\"]) @ CatalogReactor/0",
        "effectOutput: setLoading(false) @ CatalogReactor/0",
        "mutation: setLoading(false) @ CatalogReactor/0",
        "action: load @ CatalogReactor/0",
        "mutation: setLoading(true) @ CatalogReactor/0",
        "effectOutput: setItems([\"tea\", \"milk\"]) @ CatalogReactor/0",
        "mutation: setItems([\"tea\", \"milk\"]) @ CatalogReactor/0",
        "effectOutput: setLoading(false) @ CatalogReactor/0",
        "mutation: setLoading(false) @ CatalogReactor/0",
        "action: clear @ CatalogReactor/0",
        "mutation: setItems([]) @ CatalogReactor/0",
        "mutation: setLoading(false) @ CatalogReactor/0",
      ])
    // Numbered by the order their runs went asynchronous: the first load's, then the second's.
    let effects = recorder.journal.entries.compactMap { entry -> Int? in
      if case .effectOutput(let effect, _) = entry.event { return effect }
      return nil
    }
    #expect(effects == [0, 0, 1, 1])
  }

  @Test(
    "substituted, an effect's synchronous part runs and its operation is never called; a delivered output is reduced"
  )
  func substitution() async {
    let recorder = JournalRecorder()
    let catalog = CountingCatalog()
    let reactor = CatalogReactor(catalog: catalog)
    reactor.record(into: recorder, as: source)
    await EffectSubstitution.substituting {
      reactor.send(.load)
      await reactor.store.waitUntilIdle()
    }
    #expect(catalog.calls.value == 0)
    #expect(reactor.currentState == CatalogReactor.State(isLoading: true, items: []))
    // The replay hands the reactor what the operation delivered when it was recorded.
    #expect(reactor.replayDeliver(CatalogReactor.Mutation.setItems(["tea"]), effect: 0))
    #expect(!reactor.replayDeliver("not a mutation", effect: 0))
    #expect(reactor.currentState.items == ["tea"])
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: load @ CatalogReactor/0",
        "mutation: setLoading(true) @ CatalogReactor/0",
        "effectOutput: setItems([\"tea\"]) @ CatalogReactor/0",
        "mutation: setItems([\"tea\"]) @ CatalogReactor/0",
      ])
  }

  @Test("off the substitution, the same reactor starts its operations again (the mode is the task's)")
  func substitutionIsScoped() async {
    let catalog = CountingCatalog()
    let reactor = CatalogReactor(catalog: catalog)
    await EffectSubstitution.substituting { reactor.send(.load) }
    reactor.send(.load)
    await reactor.store.waitUntilIdle()
    #expect(catalog.calls.value == 1)
    #expect(reactor.currentState.items == ["tea", "milk"])
  }

  @Test("a reactor that is not recorded delivers its outputs unrecorded, as before")
  func unrecorded() async {
    let reactor = CatalogReactor(catalog: CountingCatalog())
    reactor.send(.load)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState == CatalogReactor.State(isLoading: false, items: ["tea", "milk"]))
    #expect(reactor.recordedSource == nil)
  }
}
