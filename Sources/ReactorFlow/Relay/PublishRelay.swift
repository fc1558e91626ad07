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
  ///
  /// A stepper's steps accepted this way are recorded with where they were accepted — `fileID`
  /// and `line`, this call's by default (``JournalEntry/callSite``) — when a recording
  /// ``FlowCoordinator`` subscribed to the relay; otherwise the call site is not looked at.
  ///
  /// - Parameters:
  ///   - element: The element to send.
  ///   - fileID: The file that accepts it, as `#fileID` writes it; the caller's by default.
  ///   - line: The line that accepts it; the caller's by default.
  @inlinable
  public func accept(_ element: Element, fileID: StaticString = #fileID, line: UInt = #line) {
    storage.send(element, from: RecordedCallSite(fileID: fileID, line: line))
  }

  /// Sends `element` to every current subscriber, as ``accept(_:fileID:line:)`` does: the form a
  /// function reference takes (`[first, second].forEach(relay.accept)`), which records no call
  /// site. To forward one relay to another, subscribe with a closure,
  /// `source.subscribe { [relay] in relay.accept($0) }`: a method reference passed where a
  /// `@Sendable` closure is expected warns in the Swift 5 language mode.
  @_disfavoredOverload
  @inlinable
  public func accept(_ element: Element) {
    storage.send(element, from: .unknown)
  }

  /// Sends `element` with no call site: the library's own (a replay's, a relayed step's).
  @inlinable
  func acceptWithoutCallSite(_ element: Element) {
    storage.send(element, from: .unknown)
  }

  /// Sends `element` as accepted at `callSite` (a step relayed from another relay, with the call
  /// site it was accepted at there).
  @inlinable
  func accept(_ element: Element, from callSite: RecordedCallSite) {
    storage.send(element, from: callSite)
  }

  /// Calls `onNext` synchronously, as ``subscribe(_:)`` does, with where each element was
  /// accepted, when the relay knows it: from now on, the relay keeps the call site of each
  /// element it delivers at once (not one accepted while it delivers another, which waits and
  /// comes with ``RecordedCallSite/unknown``).
  func subscribeReadingCallSites(
    _ onNext: @escaping @Sendable (Element, RecordedCallSite) -> Void
  ) -> AnyDisposable {
    storage.subscribeReadingCallSites(onNext)
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
