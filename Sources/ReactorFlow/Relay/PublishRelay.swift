/// A multicast relay: every element accepted goes to every current subscriber. It never fails
/// and never completes while it is alive; its iterators end when it is released or their task is
/// cancelled.
///
/// It is the `steps` of a ``Stepper`` and the event channel of a service (ReactorKit apps'
/// `ServiceProvider`). Subscribe synchronously with ``subscribe(_:)`` or iterate it:
///
/// ```swift
/// let events = PublishRelay<SettingEvent>()
/// Task { for await event in events { print(event) } }
/// events.accept(.setBackgroundColor(.red))
/// ```
///
/// Elements sent before a subscriber arrived are not replayed (use ``BehaviorRelay`` for that).
public final class PublishRelay<Element: Sendable>: AsyncSequence, Sendable {
  /// A relay never fails.
  public typealias Failure = Never
  @usableFromInline let storage = BroadcastStorage<Element>(keepsLatest: false)

  /// Creates a relay with no subscribers.
  public init() {}

  /// Sends `element` to every current subscriber. Safe from any thread or task.
  @inlinable
  public func accept(_ element: Element) {
    storage.send(element)
  }

  /// Calls `onNext` synchronously, on the sender's thread, for every later element.
  ///
  /// Callbacks run one delivery at a time, so each sees the elements in the order they were
  /// accepted: an element accepted while callbacks run (from one of them, or from another
  /// thread) is delivered right after them, by the thread delivering.
  public func subscribe(_ onNext: @escaping @Sendable (Element) -> Void) -> AnyDisposable {
    storage.subscribe(onNext)
  }

  /// How many subscribers (callbacks and live iterators) the relay has.
  public var subscriberCount: Int { storage.subscriberCount }

  /// Whether anything subscribes: lets a sender skip building an element nobody receives.
  @inlinable
  public var hasSubscribers: Bool { storage.subscriberCount > 0 }

  /// A new subscriber. It receives every element accepted after this call, in order.
  public func makeAsyncIterator() -> RelayIterator<Element> {
    storage.makeIterator()
  }
}
