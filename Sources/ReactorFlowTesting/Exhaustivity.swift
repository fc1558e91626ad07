/// How strictly a tester checks what it was not told about.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, every mutation from asynchronous work and every task still running at
  /// the end must be asserted; anything else fails the test. The default.
  case on
  /// Only what is asserted is checked — for integration-style tests of a bigger feature.
  case off
}
