/// Feeds a relay's elements into an effect (`.from(relay)`): a synchronous subscription, so that
/// an element accepted on the main actor is handed on before `accept` returns, as an
/// operation's `send` hands its elements on.
///
/// Elements accepted on other threads, and those accepted before the effect's `Send` is
/// connected (a current-value relay's replay), wait in order and are handed on from a task on
/// the main actor; an element accepted on the main actor while some wait goes after them.
final class RelayFeed<Element: Sendable>: Sendable {
  private struct State {
    var waiting: [Element] = []
    var send: Send<Element>?
    var isDrainScheduled = false
    var isDraining = false
    var subscription: AnyDisposable?
    var isStopped = false
  }

  private let state = LockedState(State())
  /// Ends the task that keeps the effect's operation running (the relay was released, or the
  /// operation was cancelled).
  private let end: AsyncStream<Void>.Continuation
  let ended: AsyncStream<Void>

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    ended = stream
    end = continuation
  }

  /// Subscribes to a relay through `subscribe` (its `subscribe(_:)`).
  func start(_ subscribe: (@escaping @Sendable (Element) -> Void) -> AnyDisposable) {
    let lifetime = RelayLifetime { [end] in end.finish() }
    let subscription = subscribe { [self] element in
      withExtendedLifetime(lifetime) { self.receive(element) }
    }
    let isStopped = state.withLock { state in
      state.subscription = subscription
      return state.isStopped
    }
    if isStopped { subscription.dispose() }
  }

  /// The operation's `Send`, on the main actor as the walk reaches it: what waits goes on in a
  /// task, as the operation's first elements always did; what is accepted later, at once.
  @MainActor
  func connect(_ send: Send<Element>) {
    let schedule = state.withLock { state -> Bool in
      state.send = send
      guard !state.waiting.isEmpty, !state.isDrainScheduled else { return false }
      state.isDrainScheduled = true
      return true
    }
    if schedule { Task { @MainActor in self.drain() } }
  }

  /// Stops the feed: the subscription ends, the operation returns.
  func stop() {
    var dropped: [Element] = []
    let subscription = state.withLock { state -> AnyDisposable? in
      state.isStopped = true
      swap(&dropped, &state.waiting)
      return state.subscription.take()
    }
    subscription?.dispose()
    end.finish()
    // The elements still waiting are destroyed here, outside the lock: the feed may hold the last
    // reference to one, and its `deinit` may accept on the relay, which reaches this lock (it is
    // not re-entrant).
    dropped.removeAll()
  }

  private func receive(_ element: Element) {
    let onMainActor = isOnMainActor()
    let next = state.withLock { state -> RelayFeedStep in
      guard !state.isStopped else { return .nothing }
      state.waiting.append(element)
      guard state.send != nil else { return .nothing }
      if onMainActor { return .drainNow }
      if state.isDrainScheduled { return .nothing }
      state.isDrainScheduled = true
      return .schedule
    }
    switch next {
    case .nothing: return
    case .drainNow: MainActor.assumeIsolated { self.drain() }
    case .schedule: Task { @MainActor in self.drain() }
    }
  }

  /// Hands on what waits, in order, on the main actor. A drain already running (an element's
  /// reduction accepted another) hands on what is added meanwhile.
  @MainActor
  private func drain() {
    let send = state.withLock { state -> Send<Element>? in
      state.isDrainScheduled = false
      guard !state.isDraining, let send = state.send else { return nil }
      state.isDraining = true
      return send
    }
    guard let send else { return }
    while let element = state.withLock({ state -> Element? in
      guard !state.waiting.isEmpty else {
        state.isDraining = false
        return nil
      }
      return state.waiting.removeFirst()
    }) {
      send.operation.enter { run in send.emit(element, run) }
    }
  }
}

/// What a relay's element leads to, decided under the feed's lock.
private enum RelayFeedStep {
  /// It waits (for the `Send`, or for the drain already scheduled).
  case nothing
  /// Hand on what waits now (on the main actor).
  case drainNow
  /// Hand on what waits from a task on the main actor.
  case schedule
}

/// Held by a relay's subscription callback only: when the relay is released, it drops its
/// callbacks, and this ends the effect's operation (as a relay's iterator ends then).
private final class RelayLifetime: Sendable {
  let onEnd: @Sendable () -> Void
  init(_ onEnd: @escaping @Sendable () -> Void) { self.onEnd = onEnd }
  deinit { onEnd() }
}

extension StartedOperation where Element: Sendable {
  /// The operation of `.from(relay)`: subscribed at once, handing on its elements through the
  /// `Send` it is connected to, running until it is cancelled or the relay is released.
  static func feeding(from subscribe: (@escaping @Sendable (Element) -> Void) -> AnyDisposable)
    -> StartedOperation
  {
    let feed = RelayFeed<Element>()
    feed.start(subscribe)
    return StartedOperation(
      run: { _ in
        for await _ in feed.ended {}
        feed.stop()
      },
      discard: { feed.stop() },
      connect: { feed.connect($0) }, waitsForTimers: false)
  }
}
