#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where ReactorFlow reports misuse and lost work: what happened and how to fix it.
///
/// By default a diagnostic is written to standard error. Bind ``handler`` (a task-local value)
/// to collect them — ReactorFlowTesting's `withDiagnostics` does — or to route them to a logger;
/// tasks a reactor starts inherit it.
public enum ReactorFlowDiagnostics {
  /// Receives every diagnostic reported in this task and the tasks it starts; `nil` writes to
  /// standard error.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?

  /// Reports `message`.
  public static func emit(_ message: String) {
    if let handler {
      handler(message)
    } else {
      var line = "[ReactorFlow] \(message)\n"
      line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }
}
