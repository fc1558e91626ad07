import ReactorFlow
import Testing

/// Tracks objects that must be released, and reports the ones still alive.
///
/// ```swift
/// let leaks = LeakTracker()
/// do {
///   let reactor = leaks.track(CounterReactor())
///   reactor.send(.increase)
/// }
/// leaks.expectAllReleased()
/// ```
///
/// Or, as one line around a test's body: ``expectNoLeaks(sourceLocation:_:)``.
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

  /// Records a test failure naming every tracked object still alive.
  public func expectAllReleased(sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = self.alive
    guard !alive.isEmpty else { return }
    Issue.record(
      """
      \(alive.count) object(s) still alive that should have been released: \
      \(alive.joined(separator: ", ")).

      Look for a strong reference cycle (a closure capturing `self` strongly, a delegate that is \
      not `weak`), a flow that never ends, or a screen that was never dismissed.
      """, sourceLocation: sourceLocation)
  }
}

/// Runs `body` with a fresh ``LeakTracker`` and fails the test if anything it tracked is still
/// alive when `body` returns.
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
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor (LeakTracker) async throws -> Void
) async rethrows {
  let leaks = LeakTracker()
  try await body(leaks)
  leaks.expectAllReleased(sourceLocation: sourceLocation)
}
