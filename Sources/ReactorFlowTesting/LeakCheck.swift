import ReactorFlow

/// Tracks objects that must be released, and reports the ones still alive.
///
/// ```swift
/// let leaks = LeakTracker()
/// do {
///   let reactor = leaks.track(CounterReactor())
///   reactor.send(.increase)
/// }
/// await leaks.expectAllReleased()
/// ```
///
/// Or, as one line around a test's body: ``expectNoLeaks(timeout:fileID:filePath:line:column:_:)``.
public final class LeakTracker: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    let description: String
  }
  // Used from one task at a time (a test body); not shared across tasks.
  private var entries: [Entry] = []

  /// Creates an empty tracker.
  public init() {}

  /// Starts tracking `object` and returns it.
  @discardableResult
  public func track<T: AnyObject>(_ object: T, _ name: String? = nil) -> T {
    entries.append(Entry(object: object, description: name ?? String(describing: type(of: object))))
    return object
  }

  /// The names of the tracked objects that are still alive.
  public var alive: [String] {
    entries.filter { $0.object != nil }.map(\.description)
  }

  /// Waits until every tracked object is released, then returns; records a test failure naming
  /// the ones still alive if they are not released within `timeout` — a hang guard, not a
  /// measure (see ``HangGuard``): the wait ends as soon as the last one goes, letting the main
  /// actor and the tasks that finish run meanwhile.
  ///
  /// Call it at any point, not only at the end: after ending a flow, while its coordinator still
  /// runs, it catches an object kept for the coordinator's lifetime.
  public func expectAllReleased(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let released = await waitUntil(timeout: timeout) { [self] in self.alive.isEmpty }
    let stillAlive = alive
    guard !released, !stillAlive.isEmpty else { return }
    reportFailure(
      """
      \(stillAlive.count) object(s) still alive that should have been released (waited \(timeout), \
      the hang guard): \(stillAlive.joined(separator: ", ")).

      Look for a strong reference cycle (a closure capturing `self` strongly, a delegate that is \
      not `weak`), a flow that never ends, or a screen that was never dismissed.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Runs `body` with a fresh ``LeakTracker`` and fails the test if anything it tracked is not
/// released once `body` returns (waiting for the releases up to `timeout`, the hang guard).
///
/// ```swift
/// await expectNoLeaks { leaks in
///   let reactor = leaks.track(TextFieldViewReactor())
///   let view = leaks.track(TextFieldView())
///   view.reactor = reactor
/// }
/// ```
@MainActor
public func expectNoLeaks(
  timeout: Duration = HangGuard.timeout,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: @MainActor (LeakTracker) async throws -> Void
) async rethrows {
  let leaks = LeakTracker()
  try await body(leaks)
  await leaks.expectAllReleased(
    timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
}
