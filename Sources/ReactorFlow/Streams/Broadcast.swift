/// The state machine behind ``PublishRelay`` and ``BehaviorRelay``: who is subscribed, in which
/// order, and (for a current-value relay) the latest element.
///
/// It is a plain value type; ``BroadcastStorage`` holds it under a lock and carries out what its
/// methods return. Callbacks and iterators' buffers are each kept in subscription order, so every
/// element reaches them in that order.
///
/// Callbacks run outside the lock, one delivery at a time: an element sent while callbacks run
/// (re-entrantly from one of them, or from another thread) waits in `pending` and is delivered
/// after, by the thread delivering — so every callback sees the elements in the order they were
/// sent, and a new subscriber's replay comes before any later element.
@usableFromInline
struct BroadcastStateMachine<Element: Sendable>: Sendable {
  /// A synchronous subscriber: called after the lock is released, by the delivering thread.
  @usableFromInline typealias Callback = @Sendable (Element) -> Void

  /// A delivery to callbacks that waits for the one in progress.
  @usableFromInline
  enum Pending: Sendable {
    /// An element for the callbacks there were when it was sent (like a delivery in progress,
    /// it reaches one disposed since: it was sent while it was subscribed).
    case element(Element, to: [Callback])
    /// A current-value relay's replay to the new subscriber `to`.
    case replay(Element, to: Int)
  }

  @usableFromInline private(set) var latest: Element?
  /// The ids of the callbacks, in the order of ``callbackList``.
  @usableFromInline private(set) var callbackIDs: [Int] = []
  /// The `AsyncSequence` iterators' buffers in subscription order: fed under the lock, so each
  /// iterator sees one order.
  @usableFromInline private(set) var buffers: [(id: Int, buffer: AsyncStream<Element>.Continuation)] = []
  /// The callbacks in subscription order, kept apart from the buffers so that a delivery walks
  /// plain closures. Rebuilt on (un)subscribe, so that a send reads it without allocating.
  @usableFromInline private(set) var callbackList: [Callback] = []
  private var nextID = 0
  /// Whether a thread is running callbacks; it delivers `pending` before it stops.
  @usableFromInline var isDelivering = false
  @usableFromInline var pending: [Pending] = []
  @usableFromInline let keepsLatest: Bool

  init(keepsLatest: Bool, initial: Element? = nil) {
    self.keepsLatest = keepsLatest
    self.latest = initial
  }

  /// How many subscribers (callbacks and buffers) there are.
  @usableFromInline var subscriberCount: Int { callbackList.count + buffers.count }

  /// Registers a callback; returns its id and, for a current-value relay, the element to replay.
  mutating func subscribe(_ callback: @escaping Callback) -> (id: Int, replay: Element?) {
    defer { nextID += 1 }
    callbackIDs.append(nextID)
    callbackList.append(callback)
    return (nextID, keepsLatest ? latest : nil)
  }

  /// Registers an iterator's buffer; returns its id and, for a current-value relay, the element
  /// to replay.
  mutating func subscribe(buffer: AsyncStream<Element>.Continuation) -> (id: Int, replay: Element?) {
    defer { nextID += 1 }
    buffers.append((nextID, buffer))
    return (nextID, keepsLatest ? latest : nil)
  }

  /// Removes the subscriber `id`; returns its buffer, if it was one, so that it can be finished.
  mutating func unsubscribe(_ id: Int) -> AsyncStream<Element>.Continuation? {
    if let index = callbackIDs.firstIndex(of: id) {
      callbackIDs.remove(at: index)
      callbackList.remove(at: index)
      return nil
    }
    guard let index = buffers.firstIndex(where: { $0.id == id }) else { return nil }
    return buffers.remove(at: index).buffer
  }

  /// After `send`: the callbacks the caller runs now, or `nil` when there are none or a
  /// delivery is in progress (the element then waits in `pending`).
  @inlinable
  mutating func beginDelivery(of element: Element) -> [Callback]? {
    guard !callbackList.isEmpty else { return nil }
    if isDelivering {
      pending.append(.element(element, to: callbackList))
      return nil
    }
    isDelivering = true
    return callbackList
  }

  /// Ends the delivery when nothing waits (the usual case, checked inline by the sender);
  /// `false` when deliveries wait and ``takePending()`` must run.
  @inlinable
  mutating func endDeliveryIfIdle() -> Bool {
    guard pending.isEmpty else { return false }
    isDelivering = false
    return true
  }

  /// The callback of subscriber `id`, if it is still subscribed.
  func callback(_ id: Int) -> Callback? {
    callbackIDs.firstIndex(of: id).map { callbackList[$0] }
  }

  /// The deliveries waiting, taken in order; when there are none, the delivery ends.
  @usableFromInline
  mutating func takePending() -> [Pending] {
    if pending.isEmpty {
      isDelivering = false
      return []
    }
    defer { pending = [] }
    return pending
  }

  /// Records `element` and returns the buffers it must be fed to (a shared copy, no allocation).
  @inlinable
  mutating func send(_ element: Element) -> [(id: Int, buffer: AsyncStream<Element>.Continuation)] {
    if keepsLatest { latest = element }
    return buffers
  }

  /// Drops every subscriber; returns the buffers to finish.
  mutating func finish() -> [AsyncStream<Element>.Continuation] {
    defer {
      callbackIDs.removeAll()
      callbackList.removeAll()
      buffers.removeAll()
    }
    return buffers.map(\.buffer)
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
  var subscriberCount: Int { machine.withLock { $0.subscriberCount } }

  /// Inlinable so that a sender's module specializes it for its element type.
  @inlinable
  func send(_ element: Element) {
    let callbacks = machine.withLock { machine -> [BroadcastStateMachine<Element>.Callback]? in
      // Buffers are fed under the lock so that every iterator sees the same order.
      for subscriber in machine.send(element) { subscriber.buffer.yield(element) }
      return machine.beginDelivery(of: element)
    }
    guard let callbacks else { return }
    // Callbacks run outside the lock: they may send again (that element waits its turn).
    for callback in callbacks { callback(element) }
    // Nothing was sent meanwhile (the usual case): the delivery ends here, without the
    // generic loop below.
    if machine.withLock({ $0.endDeliveryIfIdle() }) { return }
    deliverPending()
  }

  /// How many waiting deliveries one sender makes before it hands the rest to a task: a thread
  /// that sends once is not kept delivering what other threads send for ever.
  static var deliveryLimit: Int { 1024 }

  /// Delivers what was sent (or subscribed) while callbacks ran, in order, then ends the delivery.
  @usableFromInline
  func deliverPending() {
    var delivered = 0
    while true {
      if delivered >= Self.deliveryLimit {
        // Still delivering: whatever is sent meanwhile waits for this task, in order.
        Task.detached { [self] in deliverPending() }
        return
      }
      let batch = machine.withLock { $0.takePending() }
      if batch.isEmpty { return }
      delivered += batch.count
      for delivery in batch {
        switch delivery {
        case .element(let element, let callbacks):
          for callback in callbacks { callback(element) }
        case .replay(let element, let id):
          machine.withLock { $0.callback(id) }?(element)
        }
      }
    }
  }

  func subscribe(_ callback: @escaping @Sendable (Element) -> Void) -> Subscription {
    // The replay is delivered like a send: never before, or after, an element it should not be.
    let (id, replay) = machine.withLock { machine -> (Int, Element?) in
      let (id, replay) = machine.subscribe(callback)
      guard let replay else { return (id, nil) }
      if machine.isDelivering {
        machine.pending.append(.replay(replay, to: id))
        return (id, nil)
      }
      machine.isDelivering = true
      return (id, replay)
    }
    if let replay {
      callback(replay)
      deliverPending()
    }
    return Subscription { [weak self] in
      _ = self?.machine.withLock { $0.unsubscribe(id) }
    }
  }

  func makeStream() -> (AsyncStream<Element>, Int) {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    let id = machine.withLock { machine -> Int in
      let (id, replay) = machine.subscribe(buffer: continuation)
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
    machine.withLock { $0.unsubscribe(id) }?.finish()
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
