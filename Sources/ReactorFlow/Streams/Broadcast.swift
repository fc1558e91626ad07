/// The state machine behind ``PublishRelay`` and ``BehaviorRelay``: who is subscribed, in which
/// order, and (for a current-value relay) the latest element.
///
/// It is a plain value type; ``BroadcastStorage`` holds it under a lock and carries out what its
/// methods return. Subscribers are kept in subscription order, so every element reaches them in
/// that order.
@usableFromInline
struct BroadcastStateMachine<Element: Sendable>: Sendable {
  /// Where an element goes.
  @usableFromInline
  enum Sink: Sendable {
    /// An `AsyncSequence` iterator's buffer: fed under the lock, so each iterator sees one order.
    case buffer(AsyncStream<Element>.Continuation)
    /// A synchronous callback: called after the lock is released, on the sender's thread.
    case callback(@Sendable (Element) -> Void)
  }

  @usableFromInline private(set) var latest: Element?
  /// The subscribers in subscription order. Rebuilt on (un)subscribe, so that a send reads it
  /// without allocating.
  @usableFromInline private(set) var subscribers: [(id: Int, sink: Sink)] = []
  private var nextID = 0
  @usableFromInline let keepsLatest: Bool

  init(keepsLatest: Bool, initial: Element? = nil) {
    self.keepsLatest = keepsLatest
    self.latest = initial
  }

  /// Registers `sink`; returns its id and, for a current-value relay, the element to replay.
  mutating func subscribe(_ sink: Sink) -> (id: Int, replay: Element?) {
    defer { nextID += 1 }
    subscribers.append((nextID, sink))
    return (nextID, keepsLatest ? latest : nil)
  }

  /// Removes the subscriber `id`; returns its sink so that a buffer can be finished.
  mutating func unsubscribe(_ id: Int) -> Sink? {
    guard let index = subscribers.firstIndex(where: { $0.id == id }) else { return nil }
    return subscribers.remove(at: index).sink
  }

  /// Records `element` and returns the subscribers it must reach (a shared copy, no allocation).
  @inlinable
  mutating func send(_ element: Element) -> [(id: Int, sink: Sink)] {
    if keepsLatest { latest = element }
    return subscribers
  }

  /// Drops every subscriber; returns the buffers to finish.
  mutating func finish() -> [AsyncStream<Element>.Continuation] {
    defer { subscribers.removeAll() }
    return subscribers.compactMap {
      if case .buffer(let continuation) = $0.sink { return continuation }
      return nil
    }
  }
}

/// The lock-holding storage of a relay: carries out what ``BroadcastStateMachine`` decides.
@usableFromInline
final class BroadcastStorage<Element: Sendable>: Sendable {
  @usableFromInline let machine: LockedState<BroadcastStateMachine<Element>>

  init(keepsLatest: Bool, initial: Element? = nil) {
    machine = LockedState(BroadcastStateMachine(keepsLatest: keepsLatest, initial: initial))
  }

  var latest: Element? { machine.withLock { $0.latest } }
  @inlinable
  var subscriberCount: Int { machine.withLock { $0.subscribers.count } }

  /// Inlinable so that a sender's module specializes it for its element type.
  @inlinable
  func send(_ element: Element) {
    let subscribers = machine.withLock { machine -> [(id: Int, sink: BroadcastStateMachine<Element>.Sink)] in
      let subscribers = machine.send(element)
      // Buffers are fed under the lock so that every iterator sees the same order.
      for subscriber in subscribers {
        if case .buffer(let continuation) = subscriber.sink { continuation.yield(element) }
      }
      return subscribers
    }
    // Callbacks run outside the lock: they may send again.
    for subscriber in subscribers {
      if case .callback(let callback) = subscriber.sink { callback(element) }
    }
  }

  func subscribe(_ callback: @escaping @Sendable (Element) -> Void) -> Subscription {
    let (id, replay) = machine.withLock { $0.subscribe(.callback(callback)) }
    if let replay { callback(replay) }
    return Subscription { [weak self] in
      _ = self?.machine.withLock { $0.unsubscribe(id) }
    }
  }

  func makeStream() -> (AsyncStream<Element>, Int) {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    let id = machine.withLock { machine -> Int in
      let (id, replay) = machine.subscribe(.buffer(continuation))
      if let replay { continuation.yield(replay) }
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.machine.withLock { $0.unsubscribe(id) }
    }
    return (stream, id)
  }

  /// Ends subscriber `id` (its iterator was dropped without being cancelled).
  func unsubscribe(_ id: Int) {
    let sink = machine.withLock { $0.unsubscribe(id) }
    if case .buffer(let continuation) = sink { continuation.finish() }
  }

  func makeIterator() -> RelayIterator<Element> {
    let (stream, id) = makeStream()
    return RelayIterator(
      base: stream.makeAsyncIterator(), lifetime: IteratorLifetime { [weak self] in self?.unsubscribe(id) })
  }

  deinit {
    for buffer in machine.withLock({ $0.finish() }) { buffer.finish() }
  }
}

/// The iterator shared by the relays: each iterator is one subscriber with its own unbounded buffer.
///
/// Dropping the last copy of an iterator ends its subscription, even if it was never iterated.
public struct RelayIterator<Element: Sendable>: AsyncIteratorProtocol {
  var base: AsyncStream<Element>.Iterator
  let lifetime: IteratorLifetime

  /// The next element, or `nil` once the relay is released or the task is cancelled.
  public mutating func next() async -> Element? {
    await base.next()
  }
}

/// Ends a relay subscription when the last copy of its iterator is dropped.
final class IteratorLifetime: Sendable {
  let end: @Sendable () -> Void
  init(_ end: @escaping @Sendable () -> Void) { self.end = end }
  deinit { end() }
}
