#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where ReactorFlow reports misuse and lost work: what happened and how to fix it.
///
/// A diagnostic goes to the first of these that is set:
///
/// 1. ``handler``, a task-local value: it receives what is reported in its task and the tasks it
///    starts — ReactorFlowTesting's `withDiagnostics` binds it;
/// 2. ``globalHandler``, which an app sets once at launch: it receives the rest, whatever thread
///    reports them (a UIKit callback outside any task included);
/// 3. standard error, with control characters escaped.
///
/// ```swift
/// ReactorFlowDiagnostics.$handler.withValue(.init { print("warning: \($0.message)") }) {
///   FlowCoordinator().navigate(to: AppStep.homeIsRequired)
/// }
/// ```
///
/// Both receive a ``Diagnostic``: the typed value reported (a ``FlowDiagnostic``, a
/// ``ReactorDiagnostic``…) and its text.
///
/// Whatever receives it, a diagnostic is also recorded by every ``JournalRecorder`` that records
/// a coordinator or a reactor.
public enum ReactorFlowDiagnostics {
  /// Receives diagnostics.
  ///
  /// A struct around the closure, not the closure itself: with Swift 6.3 on Linux, binding a
  /// task-local value of a function type crashes an optimized build (measured:
  /// `swift_task_localValuePush` dereferences a bad pointer, with `withValue` synchronous or
  /// asynchronous, the closure optional or not); a struct that holds it does not.
  public struct Handler: Sendable {
    /// Called with each diagnostic: its typed value, and its text (``Diagnostic/message``).
    public let receive: @Sendable (Diagnostic) -> Void

    /// A handler that calls `receive` with each diagnostic.
    public init(_ receive: @escaping @Sendable (Diagnostic) -> Void) {
      self.receive = receive
    }
  }

  /// Receives every diagnostic reported in this task and the tasks it starts; `nil` leaves them to
  /// ``globalHandler`` (or standard error).
  @TaskLocal public static var handler: Handler?

  /// Reports `message`.
  public static func emit(_ message: String) {
    emit(Diagnostic(message))
  }

  /// Reports `diagnostic`: to the task-local ``handler``, else to ``globalHandler``, else to
  /// standard error; and to the recorders that record diagnostics.
  package static func emit(_ diagnostic: Diagnostic) {
    let global = DiagnosticsRouting.shared.withLock { $0 }
    for recorder in global.recorders.compactMap(\.recorder) {
      recorder.recordDiagnostic(diagnostic.message, from: .app)
    }
    if let handler {
      handler.receive(diagnostic)
    } else if let receive = global.handler {
      receive(diagnostic)
    } else {
      writeToStandardError(diagnostic.message)
    }
  }

  /// Writes `message` on a line of standard error, after `[ReactorFlow] `, its control characters
  /// escaped: a message may quote untrusted text (a deep link), and standard error is often a
  /// terminal.
  package static func writeToStandardError(_ message: String) {
    var line = "[ReactorFlow] \(escapingControlCharacters(message))\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }

  /// `text` with each of these scalars written as a Swift escape (`\u{1B}`, `\u{202E}`), so that
  /// untrusted text quoted in a message can neither drive a terminal, nor forge a line of a log,
  /// nor reorder what is shown:
  ///
  /// - the C0 controls (U+0000–U+001F, newlines included), DEL (U+007F) and the C1 controls
  ///   (U+0080–U+009F);
  /// - the line and paragraph separators, U+2028 and U+2029;
  /// - the bidirectional controls: the Arabic letter mark (U+061C), the left-to-right and
  ///   right-to-left marks (U+200E, U+200F), the embeddings, overrides and their end
  ///   (U+202A–U+202E) and the isolates and their end (U+2066–U+2069).
  ///
  /// Every other scalar is kept as it is.
  static func escapingControlCharacters(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        return true
      default:
        return false
      }
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
