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
/// tasks a reactor starts inherit it:
///
/// ```swift
/// ReactorFlowDiagnostics.$handler.withValue(.init { message in print("warning: \(message)") }) {
///   FlowCoordinator().navigate(to: AppStep.homeIsRequired)
/// }
/// ```
public enum ReactorFlowDiagnostics {
  /// Receives diagnostics.
  ///
  /// A struct around the closure, not the closure itself: with Swift 6.3 on Linux, binding a
  /// task-local value of a function type crashes an optimized build (measured:
  /// `swift_task_localValuePush` dereferences a bad pointer, with `withValue` synchronous or
  /// asynchronous, the closure optional or not); a struct that holds it does not.
  public struct Handler: Sendable {
    /// Called with each diagnostic.
    public let receive: @Sendable (String) -> Void

    /// A handler that calls `receive` with each diagnostic.
    public init(_ receive: @escaping @Sendable (String) -> Void) {
      self.receive = receive
    }
  }

  /// Receives every diagnostic reported in this task and the tasks it starts; `nil` writes to
  /// standard error.
  @TaskLocal public static var handler: Handler?

  /// Reports `message`.
  public static func emit(_ message: String) {
    if let handler {
      handler.receive(message)
    } else {
      // A message may quote untrusted text (a deep link): standard error is often a terminal.
      var line = "[ReactorFlow] \(escapingControlCharacters(message))\n"
      line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }

  /// `text` with every control character — C0 (U+0000–U+001F, newlines included), DEL and C1
  /// (U+0080–U+009F) — written as a Swift escape (`\u{1B}`), so that untrusted text quoted in a
  /// message can neither drive a terminal nor forge a line of a log.
  static func escapingControlCharacters(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
