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

  /// Inlinable so that a sender's module specializes it for its element type. `callSite` is
  /// where `element` was accepted: kept for the callbacks only when one reads it.
  @inlinable
  func send(_ element: Element, from callSite: RecordedCallSite) {
    let (callbacks, replaced) = machine.withLock {
      machine -> ([BroadcastStateMachine<Element>.Callback]?, Element?) in
      // Buffers are fed under the lock so that every iterator sees the same order.
      let (buffers, replaced) = machine.send(element)
      for subscriber in buffers { subscriber.buffer.yield(element) }
      return (machine.beginDelivery(of: element, from: callSite), replaced)
    }
    // The replaced value goes here, unlocked: its deinit may touch this relay.
    withExtendedLifetime(replaced) {}
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

  /// Subscribes `callback` with the call site of each element delivered at once (see
  /// ``BroadcastStateMachine/deliveringCallSite``): the relay keeps them from now on.
  func subscribeReadingCallSites(
    _ callback: @escaping @Sendable (Element, RecordedCallSite) -> Void
  ) -> AnyDisposable {
    machine.withLock { $0.keepsCallSites = true }
    return subscribe { [machine] element in
      // Read by the delivering thread, which alone writes it while it delivers.
      callback(element, machine.withLock { $0.deliveringCallSite })
    }
  }

  func subscribe(_ callback: @escaping @Sendable (Element) -> Void) -> AnyDisposable {
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
    // The subscription holds the state machine, not the storage: no weak reference to the
    // storage is formed (a relay still delivering when the process ends would otherwise show
    // its weak-reference side table as a leak to LeakSanitizer).
    return AnyDisposable { [machine] in
      // Released after unlocking: what the callback captured may dispose another subscription.
      let removed = machine.withLock { $0.unsubscribe(id) }
      withExtendedLifetime(removed) {}
    }
  }

  func makeStream() -> (AsyncStream<Element>, Int) {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    let id = machine.withLock { machine -> Int in
      let (id, replay) = machine.subscribe(buffer: continuation)
      if let replay { continuation.yield(replay) }
      return id
    }
    continuation.onTermination = { [machine] _ in
      let removed = machine.withLock { $0.unsubscribe(id) }
      withExtendedLifetime(removed) {}
    }
    return (stream, id)
  }

  func makeIterator() -> RelayIterator<Element> {
    let (stream, id) = makeStream()
    return RelayIterator(
      base: stream.makeAsyncIterator(),
      // Dropped without being cancelled: the subscriber ends and its buffer is finished.
      lifetime: IteratorLifetime { [machine] in machine.withLock { $0.unsubscribe(id) }?.buffer?.finish() })
  }

  deinit {
    // The callbacks and the latest element are released here, after unlocking.
    let (callbacks, buffers, latest) = machine.withLock { $0.finish() }
    for buffer in buffers { buffer.finish() }
    withExtendedLifetime((callbacks, latest)) {}
  }
}
