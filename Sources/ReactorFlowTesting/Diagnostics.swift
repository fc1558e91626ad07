import ConcurrencyExtras
import ReactorFlow

/// Runs `body` and returns the diagnostics ReactorFlow reported meanwhile, in order.
///
/// Diagnostics are what ReactorFlow reports instead of crashing or losing work silently: an
/// unobserved error, a transform that dropped its input, a dropped step. Tests that trigger
/// one assert it with this helper. Work started inside `body` reports here too.
@MainActor
public func withDiagnostics(_ body: @MainActor () async throws -> Void) async rethrows -> [String] {
  let collected = LockIsolated<[String]>([])
  try await ReactorFlowDiagnostics.$handler.withValue(
    .init { message in
      collected.withValue { $0.append(message) }
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
) async rethrows -> [String] {
  let collected = LockIsolated<[String]>([])
  try await ReactorFlowDiagnostics.$handler.withValue(
    .init { message in
      collected.withValue { $0.append(message) }
    }
  ) {
    try await body()
    _ = await waitUntil(timeout: timeout) { collected.value.count >= count }
  }
  return collected.value
}
