#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where ReactorFlow reports misuse and lost work: what happened and how to fix it.
///
/// By default a diagnostic is written to standard error. Tests and apps can install a handler
/// to collect them (ReactorFlowTesting does) or to route them to their logger.
public enum ReactorFlowDiagnostics {
  private static let handler = LockedState<(@Sendable (String) -> Void)?>(nil)

  /// Replaces the handler; `nil` restores the default (standard error).
  public static func setHandler(_ newHandler: (@Sendable (String) -> Void)?) {
    handler.withLock { $0 = newHandler }
  }

  /// Reports `message`.
  public static func emit(_ message: String) {
    if let handler = handler.withLock({ $0 }) {
      handler(message)
    } else {
      var line = "[ReactorFlow] \(message)\n"
      line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }
}
