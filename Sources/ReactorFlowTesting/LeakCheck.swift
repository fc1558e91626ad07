import ReactorFlow

/// Tracks objects that must be released, and reports the ones still alive.
///
/// ```swift
/// let leaks = LeakTracker()
/// do {
///   let reactor = leaks.track(CounterReactor())
///   reactor.send(.increase)
/// }
/// #expect(leaks.alive.isEmpty)
/// ```
public final class LeakTracker: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    let description: String
  }
  private var entries: [Entry] = []

  /// Creates an empty tracker.
  public init() {}

  /// Starts tracking `object` and returns it.
  @discardableResult
  public func track<T: AnyObject>(_ object: T, _ name: String? = nil) -> T {
    entries.append(Entry(object: object, description: name ?? String(describing: T.self)))
    return object
  }

  /// The names of the tracked objects that are still alive.
  public var alive: [String] {
    entries.filter { $0.object != nil }.map(\.description)
  }
}
