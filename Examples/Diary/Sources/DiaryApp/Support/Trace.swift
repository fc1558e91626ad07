import Foundation
import ReactorFlow

/// `--trace`: every input (action, step, gesture), mutation, will/did-navigate and diagnostic —
/// the journal's own tracer on what the app records, so that no reactor traces by hand. A line
/// quotes what was sent (what the user typed, escaped); a password or a PIN is `‹redacted›`, as
/// in a journal.
///
/// The tracer writes from whatever thread records; the lines wait here, in order, until the app
/// hands them to ``sink`` on the main actor (``flush()``: once the app is idle, and before a live
/// frame is drawn).
@MainActor
public final class Trace {
  /// Where the lines go; `nil` turns tracing off.
  public var sink: (@MainActor (String) -> Void)?
  private let pending = PendingLines()

  /// Creates a trace writing to `sink` (off when `nil`).
  public init(sink: (@MainActor (String) -> Void)? = nil) { self.sink = sink }

  /// The kinds of entries traced.
  static let kinds: Set<JournalEntry.Kind> = [
    .action, .step, .gesture, .deepLink, .mutation, .navigation, .diagnostic,
  ]

  /// A tracer keeping each line for ``flush()``, or `nil` when tracing is off.
  func tracer() -> JournalTracer? {
    guard sink != nil else { return nil }
    let pending = self.pending
    return JournalTracer(kinds: Self.kinds) { line in pending.append(line) }
  }

  /// Hands the lines traced so far to ``sink``, in the order they were recorded.
  public func flush() {
    // The tracer escapes control characters; the terminal's own rules (bidi controls, wide
    // characters) apply too, as to every text the app prints.
    for line in pending.take() { sink?(TerminalText.sanitized(line)) }
  }
}

/// The traced lines not handed to the sink yet; any thread appends.
final class PendingLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }

  func take() -> [String] {
    lock.withLock {
      defer { lines.removeAll() }
      return lines
    }
  }
}
