import Clocks
import ConcurrencyExtras
import ReactorFlow

extension ReactorStore {
  /// Returns once every task the reactor started has ended, as ``ReactorStore/waitUntilIdle()``
  /// does — but if some are still running after `timeout` (a hang guard, not a measure: see
  /// ``HangGuard``), it fails the test, saying what it waited for, and returns instead of hanging
  /// the test run.
  ///
  /// When all that still runs is debounce, throttle or delay timers sleeping on a clock that only
  /// the test moves (`TestClock`, ``CountingTestClock``), the reactor cannot become idle while the
  /// test waits: it fails at once, naming each timer, its clock and what is left of its wait — or,
  /// for a timer whose task has not started sleeping yet (its wait starts then, from the clock's
  /// time then), that it waits for the clock to advance after it sleeps.
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
    let stuck = LockIsolated<[PendingTimer]?>(nil)
    // Holds the reactor's task registry, not its store: when the wait fails and the test lets
    // the reactor go, the store goes, cancels what still runs, and this ends as that work does.
    let idleWait = self.idleWait
    Task {
      await idleWait()
      ended.setValue(true)
    }
    let returned = await waitUntil(timeout: timeout) { [self] in
      if ended.value { return true }
      guard let timers = timersNotDueOnly, timers.allSatisfy(\.isOnATestClock) else { return false }
      stuck.setValue(timers)
      return true
    }
    if let timers = stuck.value {
      reportFailure(
        Self.timersMessage(timers), fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    guard !returned else { return }
    reportFailure(
      """
      \(R.self) was not idle after \(timeout) (the hang guard): \(tasksInFlight) task(s) still \
      running, besides any cancelled task that has not returned yet.

      Let them end: advance the clock they sleep on, complete what they wait for, or cancel \
      them with an action; a cancelled operation ends when it returns, so make it check \
      cancellation.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private nonisolated static func timersMessage(_ timers: [PendingTimer]) -> String {
    let listed = timers.map { timer in
      let named = "- a \(timer.kind) of \(timer.duration.spoken) on \(type(of: timer.clock))"
      guard let remaining = timer.remaining() else {
        return named + ", whose task has not started sleeping yet: due once the clock has advanced "
          + "\(timer.duration.spoken) after it does"
      }
      return named + ", due once the clock has advanced \(remaining.spoken) more"
    }
    let longest = timers.map { $0.remaining() ?? $0.duration }.max() ?? .zero
    let advice: String
    let notSleeping = timers.filter { $0.remaining() == nil }
    if notSleeping.isEmpty {
      advice = """
        Advance the clock first — `await clock.advance(by: \(longest.literal))` (swift-clocks' \
        `TestClock` also has `await clock.run()`, which runs every timer out) — then wait; or \
        cancel the effect the timer belongs to.
        """
    } else {
      // A bare advance now would leave a timer that starts sleeping after it waiting as long.
      var helpers: [String] = []
      if notSleeping.contains(where: { $0.clock is TestClock<Duration> }) {
        helpers.append("`await clock.advanceAfterSleeping(by: \(longest.literal))` on a `TestClock`")
      }
      let counting = timers.filter { $0.clock is CountingTestClock }.count
      if notSleeping.contains(where: { $0.clock is CountingTestClock }) {
        helpers.append(
          "`await clock.advance(by: \(longest.literal), afterSleepers: \(counting))` on a `CountingTestClock`"
        )
      }
      advice = """
        Advance the clock once the timers sleep — \(helpers.joined(separator: ", or ")) — then \
        wait; or cancel the effect the timer belongs to. An advance before a timer sleeps does not \
        bring it closer: it waits its whole duration from the clock's time when it starts sleeping.
        """
    }
    return """
      \(R.self) cannot become idle while the test waits: all that still runs is \
      \(timers.count == 1 ? "a timer" : "\(timers.count) timers") on a clock that only the test \
      moves:
      \(listed.joined(separator: "\n"))

      \(advice)
      """
  }
}

extension PendingTimer {
  /// Whether the timer sleeps on a clock that moves only when a test advances it.
  fileprivate var isOnATestClock: Bool {
    clock is TestClock<Duration> || clock is CountingTestClock
  }
}

extension Duration {
  /// "1 s", "300 ms", "1.5 s": how a failure message says it.
  fileprivate var spoken: String {
    let (seconds, attoseconds) = components
    if attoseconds == 0 { return "\(seconds) s" }
    if attoseconds % 1_000_000_000_000_000 == 0, seconds == 0 {
      return "\(attoseconds / 1_000_000_000_000_000) ms"
    }
    return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
  }

  /// How Swift code writes it: `.seconds(1)`, `.milliseconds(300)`.
  fileprivate var literal: String {
    let (seconds, attoseconds) = components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    if attoseconds % 1_000_000_000_000_000 == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
    }
    return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
  }
}

extension ReactorTester {
  /// Returns once every task of the reactor under test has ended — cancelled ones included —
  /// failing the test with what is still running if that takes longer than `timeout` (the hang
  /// guard, see ``HangGuard``), and at once when all that runs is timers on a clock only the
  /// test moves (as the store's `waitUntilIdle(timeout:)` does).
  public func waitUntilIdle(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await reactor.store.waitUntilIdle(
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
