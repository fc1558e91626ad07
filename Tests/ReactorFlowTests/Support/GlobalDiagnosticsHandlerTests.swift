import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor whose `store` is computed: every send reports `ReactorDiagnostic.storeNotStored`.
final class RecomputedStoreReactor: Reactor {
  enum Action { case tap }
  struct State {}
  let initialState = State()
  var store: ReactorStore<RecomputedStoreReactor> { ReactorStore() }
  func reduce(state: State, mutation: Action) -> State { state }
}

/// Sets the global handler for the duration of `body`, then puts back the one before. The suites
/// that set it are serialized: there is one per process.
@MainActor
private func withGlobalHandler(
  _ handler: @escaping @Sendable (ReactorFlowDiagnostics.Diagnostic) -> Void, _ body: () async -> Void
) async {
  let previous = ReactorFlowDiagnostics.globalHandler
  ReactorFlowDiagnostics.globalHandler = handler
  await body()
  ReactorFlowDiagnostics.globalHandler = previous
}

@Suite("One global diagnostics handler receives, typed, what no task-local handler receives", .serialized)
@MainActor
struct GlobalDiagnosticsHandlerTests {
  @Test("a diagnostic reported outside any task-local scope reaches the global handler as its typed value")
  func typed() async {
    let received = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
    await withGlobalHandler({ diagnostic in received.withValue { $0.append(diagnostic) } }) {
      RecomputedStoreReactor().send(.tap)
    }
    // Other suites running meanwhile may report too: this test looks at its own reactor only.
    let mine = received.value.compactMap { $0.value as? ReactorDiagnostic }
      .filter { $0 == .storeNotStored(reactor: "RecomputedStoreReactor") }
    #expect(mine.count == 1)
    #expect(
      received.value.contains {
        $0.message == ReactorDiagnostic.storeNotStored(reactor: "RecomputedStoreReactor").message
      })
  }

  @Test(
    "a diagnostic reported from a task that no handler follows (a detached task) reaches the global handler")
  func detached() async {
    let received = LockIsolated<[String]>([])
    await withGlobalHandler({ diagnostic in received.withValue { $0.append(diagnostic.message) } }) {
      await Task.detached { ReactorFlowDiagnostics.emit("reported from a detached task 7f3a") }.value
    }
    #expect(received.value.filter { $0 == "reported from a detached task 7f3a" }.count == 1)
  }

  @Test(
    "inside the scope of a task-local handler, the task-local handler receives the diagnostic, not the global one"
  )
  func taskLocalWins() async {
    let global = LockIsolated<[String]>([])
    var local: [ReactorFlowDiagnostics.Diagnostic] = []
    await withGlobalHandler({ diagnostic in global.withValue { $0.append(diagnostic.message) } }) {
      local = await withDiagnostics { ReactorFlowDiagnostics.emit("scoped diagnostic 91c2") }
    }
    #expect(local == [.text("scoped diagnostic 91c2")])
    #expect(!global.value.contains("scoped diagnostic 91c2"))
  }

  @Test("diagnostics reported from many threads at once all reach the global handler, each once")
  func manyThreads() async {
    let received = LockIsolated<[String]>([])
    await withGlobalHandler({ diagnostic in received.withValue { $0.append(diagnostic.message) } }) {
      await withTaskGroup(of: Void.self) { group in
        for thread in 0..<8 {
          group.addTask {
            for index in 0..<100 { ReactorFlowDiagnostics.emit("burst 5d1e \(thread)-\(index)") }
          }
        }
      }
    }
    let mine = received.value.filter { $0.hasPrefix("burst 5d1e ") }
    #expect(mine.count == 800)
    #expect(Set(mine).count == 800)
  }
}
