import ConcurrencyExtras
import ReactorFlow

extension ReactorStore {
  /// Returns once every task the reactor started has ended, as ``ReactorStore/waitUntilIdle()``
  /// does — but if some are still running after `timeout` (a hang guard, not a measure: see
  /// ``HangGuard``), it fails the test, saying what it waited for, and returns instead of hanging
  /// the test run.
  ///
  /// ```swift
  /// reactor.send(.increase)
  /// await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
  /// #expect(reactor.currentState.taps == [1])
  /// ```
  public func waitUntilIdle(
    timeout: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let ended = LockIsolated(false)
    // Ends with the store's own wait; if that never comes, it stays suspended with the store,
    // and the test has already failed.
    Task { [self] in
      await waitUntilIdle()
      ended.setValue(true)
    }
    guard await !waitUntil(timeout: timeout, { ended.value }) else { return }
    reportFailure(
      """
      \(R.self) was not idle after \(timeout) (the hang guard): \(tasksInFlight) task(s) still \
      running, besides any cancelled task that has not returned yet.

      Let them end: advance the clock they sleep on, complete what they wait for, or cancel \
      them with an action; a cancelled operation ends when it returns, so make it check \
      cancellation.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension ReactorTester {
  /// Returns once every task of the reactor under test has ended — cancelled ones included —
  /// failing the test with what is still running if that takes longer than `timeout` (the hang
  /// guard, see ``HangGuard``).
  public func waitUntilIdle(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await reactor.store.waitUntilIdle(
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
