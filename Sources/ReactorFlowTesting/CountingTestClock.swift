import ConcurrencyExtras

/// A clock for tests that moves only when the test advances it, and counts the tasks sleeping on
/// it — so that a test can advance it once *every* sleeper it expects has started sleeping.
///
/// With one sleeper, `TestClock.advanceAfterSleeping(by:)` is enough. With two — a `throttle`
/// timer and a `.run` that sleeps before it sends, say — advancing as soon as the first one
/// sleeps leaves the second to start its sleep after the advance, and it never ends. This clock
/// knows how many tasks sleep on it, so the test states how many it waits for:
///
/// ```swift
/// let searchClock = CountingTestClock()
/// let tester = ReactorTester(SearchReactor(clock: searchClock))
/// tester.send(.search("swift"))  // a throttle timer, and a delayed `.run`
/// await searchClock.advance(by: .seconds(1), afterSleepers: 2)
/// ```
///
/// The clock is independent of wall time: a sleep ends only when ``advance(by:)`` or
/// ``advance(to:)`` passes its deadline, in deadline order (sleepers with the same deadline wake
/// in the order they started sleeping). A cancelled sleep ends at once with `CancellationError`.
public final class CountingTestClock: Clock, Sendable {
  /// A moment of a ``CountingTestClock``: how far it was advanced since it was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time advanced since the clock was made.
    public var offset: Duration

    /// The moment `offset` after the clock was made.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The moment `duration` after this one.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this moment to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper: Sendable {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID = 0
    /// Sleeps cancelled before they were registered: they end at registration.
    var cancelledBeforeSleeping: Set<Int> = []
  }

  private let state = LockIsolated(State())

  private func withLock<T: Sendable>(_ body: @Sendable (inout State) -> T) -> T {
    state.withValue { body(&$0) }
  }

  /// A clock at time zero, with nothing sleeping on it.
  public init() {}

  /// The clock's current time: the total it was advanced by.
  public var now: Instant { withLock { $0.now } }

  /// Zero: the clock resolves any duration.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on the clock right now.
  public var sleepers: Int { withLock { $0.sleepers.count } }

  /// Suspends the caller until the clock is advanced to `deadline` or past it; returns at once
  /// when `deadline` is not in the future. Throws `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = withLock { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Registration { case sleeping, due, cancelled }
        let registration = withLock { state -> Registration in
          if state.cancelledBeforeSleeping.remove(id) != nil { return .cancelled }
          if deadline <= state.now { return .due }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .sleeping
        }
        switch registration {
        case .sleeping: break
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelledBeforeSleeping.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Advances the clock by `duration`, waking, in deadline order, every sleeper whose deadline
  /// it passes; a sleep that a woken task starts meanwhile wakes too if its deadline is passed.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Advances the clock to `deadline` (never backwards), waking, in deadline order, every
  /// sleeper whose deadline it reaches.
  public func advance(to deadline: Instant) async {
    while true {
      await letWokenTasksRun()
      let next = withLock { state -> Sleeper? in
        guard let index = state.sleepers.indices.min(by: { earlier(state.sleepers[$0], state.sleepers[$1]) }),
          state.sleepers[index].deadline <= deadline
        else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        let sleeper = state.sleepers.remove(at: index)
        if state.now < sleeper.deadline { state.now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      next.continuation.resume()
    }
    await letWokenTasksRun()
  }

  /// Waits until `count` tasks sleep on the clock, then advances it by `duration`.
  ///
  /// It waits for that event however busy the machine is; if fewer than `count` tasks sleep
  /// after `timeout` — a hang guard, not a measure (see ``HangGuard``) — the test fails, saying
  /// how many did, and the clock is not advanced.
  public func advance(
    by duration: Duration, afterSleepers count: Int, timeout: Duration = HangGuard.timeout,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let reached = await waitUntil(timeout: timeout) { [self] in sleepers >= count }
    guard reached else {
      reportFailure(
        """
        \(sleepers) task(s) slept on the clock after \(timeout) (the hang guard), not the \
        \(count) expected, so it was not advanced.

        Check that every timer and delayed operation of the code under test uses this clock, \
        or expect fewer sleepers.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await advance(by: duration)
  }

  private func earlier(_ lhs: Sleeper, _ rhs: Sleeper) -> Bool {
    lhs.deadline == rhs.deadline ? lhs.id < rhs.id : lhs.deadline < rhs.deadline
  }

  /// Lets tasks that were just woken run up to their next suspension: their work on the main
  /// actor is queued behind this hop, and the yields let the other executors' tasks run.
  private func letWokenTasksRun() async {
    for _ in 0..<10 {
      await MainActor.run {}
      await Task.yield()
    }
  }
}
