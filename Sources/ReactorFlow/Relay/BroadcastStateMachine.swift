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
///
/// What a method drops — a callback, a buffer, the value a new one replaces — it returns: the
/// storage lets it go after unlocking, since its `deinit` may touch this relay again.
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
  /// Whether a subscriber reads where the elements were accepted (a recording coordinator's
  /// route): set once, by its subscription, and kept.
  @usableFromInline var keepsCallSites = false
  /// Where the element the callbacks are running for now was accepted, when ``keepsCallSites``:
  /// set as a sender's delivery begins, and back to ``RecordedCallSite/unknown`` as it ends — so
  /// an element that waited in ``pending`` (accepted while another was delivered) has none.
  @usableFromInline var deliveringCallSite = RecordedCallSite.unknown

  init(keepsLatest: Bool, initial: Element? = nil) {
    self.keepsLatest = keepsLatest
    self.latest = initial
  }

  /// How many subscribers (callbacks and buffers) there are.
  @usableFromInline var subscriberCount: Int { callbackList.count + buffers.count }

  /// Registers a callback; returns its id and, for a current-value relay, the element to replay.
  mutating func subscribe(_ callback: @escaping Callback) -> (id: Int, replay: Element?) {
    let id = nextID
    nextID += 1
    callbackIDs.append(id)
    callbackList.append(callback)
    return (id, keepsLatest ? latest : nil)
  }

  /// Registers an iterator's buffer; returns its id and, for a current-value relay, the element
  /// to replay.
  mutating func subscribe(buffer: AsyncStream<Element>.Continuation) -> (id: Int, replay: Element?) {
    let id = nextID
    nextID += 1
    buffers.append((id, buffer))
    return (id, keepsLatest ? latest : nil)
  }

  /// A subscriber removed, returned to be released (and a buffer finished) after unlocking.
  enum Removed {
    case callback(Callback)
    case buffer(AsyncStream<Element>.Continuation)

    /// The buffer, if the subscriber was an iterator's.
    var buffer: AsyncStream<Element>.Continuation? {
      if case .buffer(let buffer) = self { buffer } else { nil }
    }
  }

  /// Removes the subscriber `id` and returns it.
  mutating func unsubscribe(_ id: Int) -> Removed? {
    if let index = callbackIDs.firstIndex(of: id) {
      callbackIDs.remove(at: index)
      return .callback(callbackList.remove(at: index))
    }
    guard let index = buffers.firstIndex(where: { $0.id == id }) else { return nil }
    return .buffer(buffers.remove(at: index).buffer)
  }

  /// After `send`: the callbacks the caller runs now, or `nil` when there are none or a
  /// delivery is in progress (the element then waits in `pending`).
  @inlinable @inline(__always)
  mutating func beginDelivery(of element: Element, from callSite: RecordedCallSite) -> [Callback]? {
    guard !callbackList.isEmpty else { return nil }
    if isDelivering {
      pending.append(.element(element, to: callbackList))
      return nil
    }
    isDelivering = true
    if _slowPath(keepsCallSites) { deliveringCallSite = callSite }
    return callbackList
  }

  /// Ends the delivery when nothing waits (the usual case, checked inline by the sender);
  /// `false` when deliveries wait and ``takePending()`` must run.
  @inlinable
  mutating func endDeliveryIfIdle() -> Bool {
    // What waits was accepted while the element delivered now was: not at its call site.
    if _slowPath(keepsCallSites) { deliveringCallSite = .unknown }
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

  /// Records `element`; returns the buffers it must be fed to (a shared copy, no allocation) and
  /// the value it replaced, if any.
  @inlinable
  mutating func send(
    _ element: Element
  ) -> (buffers: [(id: Int, buffer: AsyncStream<Element>.Continuation)], replaced: Element?) {
    guard keepsLatest else { return (buffers, nil) }
    let replaced = latest
    latest = element
    return (buffers, replaced)
  }

  /// Drops every subscriber and the latest element; returns them, the buffers to finish.
  ///
  /// The latest element goes too: subscriptions outlive the relay (they hold this state), so a
  /// value that holds one of them would otherwise keep itself alive through it.
  mutating func finish() -> (
    callbacks: [Callback], buffers: [AsyncStream<Element>.Continuation], latest: Element?
  ) {
    defer {
      callbackIDs.removeAll()
      callbackList.removeAll()
      buffers.removeAll()
      latest = nil
    }
    return (callbackList, buffers.map(\.buffer), latest)
  }
}
