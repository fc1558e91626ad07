/// `--trace`: every action, mutation and will/did-navigate, as it happens, sanitized for a
/// terminal (an action carries what the user typed).
@MainActor
public final class Trace {
  /// Where the lines go; `nil` turns tracing off.
  public var sink: (@MainActor (String) -> Void)?

  /// Creates a trace writing to `sink` (off when `nil`).
  public init(sink: (@MainActor (String) -> Void)? = nil) { self.sink = sink }

  func action<R>(_ reactor: R, _ action: Any) {
    sink?(TerminalText.sanitized("action    \(R.self).\(action)"))
  }

  func mutation<R>(_ reactor: R, _ mutation: Any) {
    sink?(TerminalText.sanitized("mutation  \(R.self).\(mutation)"))
  }

  func navigation(_ line: String) {
    sink?(TerminalText.sanitized(line))
  }
}
