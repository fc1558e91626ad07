extension ReactorFlowDiagnostics {
  /// `text` with every control character (C0, newlines included, DEL and C1), the line and
  /// paragraph separators (U+2028, U+2029) and the bidirectional controls (U+061C, U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069) written as a Swift escape (`\u{1B}`, `\u{202E}`), as
  /// diagnostics are written to standard error: quote untrusted text (a journal's payloads, a
  /// file's content) with it before showing it in a terminal or a log.
  ///
  /// ```swift
  /// print(ReactorFlowDiagnostics.escaped("bad\u{1B}[2J"))  // bad\u{1B}[2J
  /// ```
  public static func escaped(_ text: String) -> String {
    escapingControlCharacters(text)
  }
}
