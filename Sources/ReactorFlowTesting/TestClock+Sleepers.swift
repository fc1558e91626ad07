import Clocks

extension TestClock where Duration == Swift.Duration {
  /// Waits until something sleeps on this clock, then advances it by `duration`.
  ///
  /// `advance(by:)` alone races the task that is about to sleep: if that task has not reached its
  /// `sleep` yet, the sleep starts after the advance and never ends. Waiting for the sleeper first
  /// makes the test deterministic. It waits for that event however busy the machine is; if
  /// nothing starts sleeping within `timeout` — a hang guard, not a measure (see ``HangGuard``) —
  /// or the test is cancelled first (its time limit passed), the test fails and the clock is not
  /// advanced.
  public func advanceAfterSleeping(
    by duration: Duration, timeout: Duration = HangGuard.timeout,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let sleeping = await waitUntil(timeout: timeout) { [self] in
      do {
        // Throws when a task is suspended on this clock.
        try await checkSuspension()
        return false
      } catch {
        return true
      }
    }
    guard sleeping else {
      let cause =
        Task.isCancelled
        ? "before the test was cancelled (its time limit passed?)" : "in \(timeout) (the hang guard)"
      reportFailure(
        """
        Nothing started sleeping on the TestClock \(cause), so it was not advanced.

        Check that the code under test uses this clock, or call `advance(by:)` directly.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await advance(by: duration)
  }
}
