import Clocks
import Testing

extension TestClock where Duration == Swift.Duration {
  /// Waits until something sleeps on this clock, then advances it by `duration`.
  ///
  /// `advance(by:)` alone races the task that is about to sleep: if that task has not reached its
  /// `sleep` yet, the sleep starts after the advance and never ends. Waiting for the sleeper first
  /// makes the test deterministic. If nothing starts sleeping, the test fails.
  public func advanceAfterSleeping(
    by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for _ in 0..<10_000 {
      do {
        try await checkSuspension()
        await Task.yield()
      } catch {
        await advance(by: duration)
        return
      }
    }
    Issue.record(
      """
      Nothing started sleeping on the TestClock, so it was not advanced.

      Check that the code under test uses this clock, or call `advance(by:)` directly.
      """, sourceLocation: sourceLocation)
  }
}
