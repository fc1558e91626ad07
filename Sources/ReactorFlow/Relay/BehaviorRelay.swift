/// A multicast relay that holds a current value and replays it to each new subscriber.
///
/// Use it for state that many parts read and observe (a setting, a session). Each subscriber
/// gets the current value at once, then every later value, in order.
///
/// ```swift
/// let accent = BehaviorRelay(value: Color.teal)
/// accent.accept(.red)
/// let latest = accent.value  // .red
/// ```
public final class BehaviorRelay<Element: Sendable>: AsyncSequence, Sendable {
  /// A relay never fails.
  public typealias Failure = Never
  let storage: BroadcastStorage<Element>

  /// Creates a relay whose current value is `value`.
  public init(value: Element) {
    storage = BroadcastStorage(keepsLatest: true, initial: value)
  }

  /// The current value.
  public var value: Element {
    // The storage was created with a value and only ever replaces it.
    storage.latest!
  }

  /// Replaces the current value and sends it to every subscriber. Safe from any thread or task.
  ///
  /// As ``PublishRelay/accept(_:fileID:line:)``, it hands `fileID` and `line` (this call's by
  /// default) to a subscriber that records them; no subscriber of the library's records a
  /// current-value relay's today, and otherwise the call site is not looked at.
  ///
  /// - Parameters:
  ///   - element: The new current value.
  ///   - fileID: The file that accepts it, as `#fileID` writes it; the caller's by default.
  ///   - line: The line that accepts it; the caller's by default.
  public func accept(_ element: Element, fileID: StaticString = #fileID, line: UInt = #line) {
    storage.send(element, from: RecordedCallSite(fileID: fileID, line: line))
  }

  /// Replaces the current value and sends it, as ``accept(_:fileID:line:)`` does: the form a
  /// function reference takes (`relay.accept` passed as a `(Element) -> Void`).
  @_disfavoredOverload
  public func accept(_ element: Element) {
    storage.send(element, from: .unknown)
  }

  /// Calls `onNext` with the current value at once, then synchronously for every later value.
  ///
  /// Callbacks run one delivery at a time, so each sees the values in the order they were
  /// accepted: a value accepted while callbacks run (from one of them, or from another thread),
  /// or a subscription made then, is delivered right after them, by the thread delivering.
  public func subscribe(_ onNext: @escaping @Sendable (Element) -> Void) -> AnyDisposable {
    storage.subscribe(onNext)
  }

  /// How many subscribers (callbacks and live iterators) the relay has.
  public var subscriberCount: Int { storage.subscriberCount }

  /// A new subscriber: the current value first, then every later value.
  public func makeAsyncIterator() -> RelayIterator<Element> {
    storage.makeIterator()
  }
}
