extension ReactorFlowDiagnostics {
  /// `text` with every control character (C0, newlines included, DEL and C1) written as a Swift
  /// escape (`\u{1B}`), as diagnostics are written to standard error: quote untrusted text (a
  /// journal's payloads, a file's content) with it before showing it in a terminal or a log.
  ///
  /// ```swift
  /// print(ReactorFlowDiagnostics.escaped("bad\u{1B}[2J"))  // bad\u{1B}[2J
  /// ```
  public static func escaped(_ text: String) -> String {
    escapingControlCharacters(text)
  }
}
