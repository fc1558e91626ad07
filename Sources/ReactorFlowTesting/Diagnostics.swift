import ConcurrencyExtras
import ReactorFlow

/// Runs `body` and returns the diagnostics ReactorFlow reported meanwhile, in order.
///
/// Diagnostics are what ReactorFlow reports instead of crashing or losing work silently: an
/// unobserved error, a transform that dropped its input, a dropped step. Tests that trigger
/// one assert it with this helper. Work started inside `body` reports here too.
///
/// Each diagnostic holds the typed value reported: compare cases, not text — a case fixes its
/// message. `ReactorFlowDiagnostics.Diagnostic` builds them with `.reactor(_:)`, `.flow(_:)`,
/// `.text(_:)` and, in ReactorFlowHeadless, `.screenTree(_:)`; `diagnostics.cases(of: FlowDiagnostic.self)` keeps
/// the values of one type.
///
/// ```swift
/// final class RecomputedReactor: Reactor {
///   enum Action { case tap }
///   struct State {}
///   let initialState = State()
///   var store: ReactorStore<RecomputedReactor> { ReactorStore() }  // a new store on each read
///   func reduce(state: State, mutation: Action) -> State { state }
/// }
///
/// @MainActor @Test func computedStoreIsReported() async {
///   let diagnostics = await withDiagnostics { RecomputedReactor().send(.tap) }
///   #expect(diagnostics == [.reactor(.storeNotStored(reactor: "RecomputedReactor"))])
/// }
/// ```
@MainActor
public func withDiagnostics(
  _ body: @MainActor () async throws -> Void
) async rethrows -> [ReactorFlowDiagnostics.Diagnostic] {
  let collected = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
  try await ReactorFlowDiagnostics.$handler.withValue(
    .init { diagnostic in
      collected.withValue { $0.append(diagnostic) }
    }
  ) {
    try await body()
  }
  return collected.value
}

/// Runs `body`, then waits until ReactorFlow has reported at least `count` diagnostics — for
/// work that reports later, on the main actor or in a task — and returns them, in order.
///
/// The wait ends with the report that makes the count, however busy the machine is; after
/// `timeout` — a hang guard, not a measure (see ``HangGuard``) — it returns what came, and the
/// test's assertions on it fail.
@MainActor
public func withDiagnostics(
  waitingFor count: Int, timeout: Duration = HangGuard.timeout,
  _ body: @MainActor () async throws -> Void
) async rethrows -> [ReactorFlowDiagnostics.Diagnostic] {
  let collected = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
  try await ReactorFlowDiagnostics.$handler.withValue(
    .init { diagnostic in
      collected.withValue { $0.append(diagnostic) }
    }
  ) {
    try await body()
    _ = await waitUntil(timeout: timeout) { collected.value.count >= count }
  }
  return collected.value
}

extension Array where Element == ReactorFlowDiagnostics.Diagnostic {
  /// The diagnostics whose value is a `Value`, in order: `diagnostics.cases(of: FlowDiagnostic.self)`.
  public func cases<Value>(of type: Value.Type) -> [Value] {
    compactMap { $0.as(type) }
  }

  /// The text of each diagnostic, in order.
  public var messages: [String] { map(\.message) }
}
