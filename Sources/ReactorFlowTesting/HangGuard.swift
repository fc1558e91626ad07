/// How long the testing tools wait for an event (a mutation, a step, a sleeper, a release) before
/// they give up and say what they were waiting for.
///
/// It is a hang guard, not a measure: the tools return as soon as the event happens, so the
/// bound only matters when it never does — a bug in the test or the code under test. It is
/// generous so that a machine busy with other work (a shared CI runner) does not fail a test
/// whose event is merely late.
public enum HangGuard {
  /// The default bound of every waiting tool: 5 minutes — a suite run in parallel under a
  /// sanitizer on busy cores delays events far beyond what a quiet machine suggests
  /// (docs/MEASUREMENTS.md, "Test runs that always end").
  public static let timeout: Duration = .seconds(300)
}

/// Waits, turn by turn, until `condition` holds: each turn lets the main actor and the other
/// tasks run (nothing sleeps until 10,000 turns have passed; after that a turn also pauses for a
/// millisecond, so that a long wait does not spin a core). Returns whether `condition` holds,
/// `false` only once `timeout` has passed *and* the turns after it did not make it hold.
///
/// Time alone never decides: a test that keeps the main actor busy for longer than `timeout`
/// (a long synchronous loop in a parallel test) would otherwise fail a wait whose event was only
/// queued behind it. Once the deadline has passed, the wait still takes `turnsAfterDeadline`
/// turns — each one a hop to the main actor, after whatever was queued there — before it gives
/// up.
///
/// A cancelled task stops waiting at once and gets `false`: a test that its time limit cancelled
/// ends with a failure instead of waiting on.
func waitUntil(
  timeout: Duration, turnsAfterDeadline: Int = 200,
  _ condition: @escaping @Sendable () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var turns = 0
  var turnsLate = 0
  while true {
    if await condition() { return true }
    if Task.isCancelled { return false }
    if clock.now >= deadline {
      if turnsLate >= turnsAfterDeadline { return false }
      turnsLate += 1
    }
    turns += 1
    // Work queued on the main actor before this hop has run once it returns.
    await MainActor.run {}
    await Task.yield()
    if turns > 10_000 { try? await Task.sleep(for: .milliseconds(1)) }
  }
}

/// Waits, turn by turn, until `condition` holds — for a state that asynchronous work reaches
/// (a timer's emission, a hop back to the main actor) when no narrower event says it is done.
/// Each turn lets the main actor and the other tasks run; nothing sleeps. If `condition` still
/// does not hold after `timeout` (the hang guard, see ``HangGuard``) and some more turns, the
/// test fails with what it waited for.
///
/// ```swift
/// await clock.advanceAfterSleeping(by: .seconds(1))
/// await expectEventually { reactor.currentState.taps == [1, 3] }
/// ```
@MainActor
public func expectEventually(
  _ description: String = "the condition", timeout: Duration = HangGuard.timeout,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ condition: @escaping @MainActor () -> Bool
) async {
  let held = await waitUntil(timeout: timeout) { await MainActor.run { condition() } }
  if !held {
    reportFailure(
      "\(description) did not hold within \(timeout) (the hang guard).",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
