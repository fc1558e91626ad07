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
  try await ReactorFlowDiagnostics.$handler.withValue({ message in
    collected.withValue { $0.append(message) }
  }) {
    try await body()
  }
  return collected.value
}
