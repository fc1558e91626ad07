import Observation

/// The runtime storage of one reactor: its current state, its observers, its queue of re-entrant
/// actions and the work it has in flight.
///
/// Every reactor declares one as a stored property — `let store = ReactorStore<MyReactor>()` —
/// instead of the global weak tables ReactorKit uses. It starts on first use (the first send,
/// read or observation): it reads `initialState` and runs the `transform` hooks then. It holds no
/// strong reference to its reactor, and when the reactor is released it cancels every task the
/// reactor started.
@MainActor
public final class ReactorStore<R: Reactor>: Observation.Observable {
  // The hot path reads and writes these on every action. Only the main actor touches them
  // (the class is main-actor isolated), so the runtime exclusivity checks are not needed.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var statePointer:
    UnsafeMutablePointer<R.State>
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var isStarted = false
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<R.Action>()
  /// The observers in notification order. The loop reads `slots` (plain memory: filter and
  /// removal flag) and touches an observer object only when its value may have changed;
  /// `observerObjects` owns the objects, `observers` lists them unretained.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var slots = ObserverSlots()
  @exclusivity(unchecked) @usableFromInline var observers:
    ContiguousArray<Unmanaged<StateObserver<R.State>>> = []
  @exclusivity(unchecked) @usableFromInline var observerObjects: [StateObserver<R.State>] = []
  @exclusivity(unchecked) @usableFromInline var isStubEnabled = false
  @exclusivity(unchecked) @usableFromInline var isObservationArmed = false
  /// Sees every reduced mutation (for test tools); see ``observeMutations(_:)``.
  @exclusivity(unchecked) @usableFromInline var mutationObserver: (@MainActor (R.Mutation) -> Void)?

  @usableFromInline var nextObserverID = 0
  @exclusivity(unchecked) @usableFromInline var hasRemovedObservers = false
  @exclusivity(unchecked) @usableFromInline var notifyDepth = 0

  let registrar = ObservationRegistrar()
  nonisolated let tasks = LockedState(TaskRegistry())
  nonisolated let errorRelay = PublishRelay<any Error>()
  nonisolated let finishers = LockedState<[@Sendable () -> Void]>([])
  var stubStorage: Stub<R>?
  var inbox: AnyObject?
  weak var owner: R?

  /// Creates the storage; the reactor's `initialState` is read on first use.
  public nonisolated init() {
    statePointer = .allocate(capacity: 1)
  }

  deinit {
    let (cancels, waiters) = tasks.withLock { registry in
      (registry.close(), registry.takeWaitersIfIdle())
    }
    for cancel in cancels { cancel() }
    for waiter in waiters { waiter.resume() }
    for finish in finishers.withLock({ $0 }) { finish() }
    if isStarted { statePointer.deinitialize(count: 1) }
    slots.deallocate()
    statePointer.deallocate()
  }

  // MARK: - Start

  /// Starts the pipeline on first use: the initial state, then the `transform` hooks.
  @inlinable
  func startIfNeeded(_ reactor: R) {
    if _slowPath(!isStarted) { start(reactor) }
  }

  @usableFromInline
  func start(_ reactor: R) {
    owner = reactor
    LiveObjects.note(reactor, "\(R.self)")
    statePointer.initialize(to: reactor.transform(state: reactor.initialState))
    isStarted = true
    connectTransforms(of: reactor)
  }

  // MARK: - Sending actions

  /// Handles `action` and every action queued while it runs, then returns.
  @inlinable
  func send(_ action: R.Action, to reactor: R) {
    startIfNeeded(reactor)
    if _slowPath(isStubEnabled) {
      recordStubbed(action, reactor)
      return
    }
    guard queue.begin(action) else { return }
    dispatch(action, reactor)
    drainQueue(reactor)
  }

  @inlinable
  func drainQueue(_ reactor: R) {
    while let next = queue.next() {
      dispatch(next, reactor)
    }
  }

  @inlinable
  func dispatch(_ action: R.Action, _ reactor: R) {
    let effect = reactor.mutate(action: action)
    switch effect.kind {
    case .just(let mutation): reduce(mutation, reactor)
    case .none: break
    default: runMutations(effect, reactor)
    }
  }

  /// Reduces one mutation, stores the state, then tells the observers.
  @inlinable
  func reduce(_ mutation: R.Mutation, _ reactor: R) {
    let newState = reactor.transform(state: reactor.reduce(state: statePointer.pointee, mutation: mutation))
    setState(newState)
    if _slowPath(mutationObserver != nil) { mutationObserver?(mutation) }
  }

  /// Stores `newState` (telling Observation when it is armed), then tells the observers.
  @inlinable
  func setState(_ newState: R.State) {
    if _slowPath(isObservationArmed) {
      storeTracked(newState)
    } else {
      statePointer.pointee = newState
    }
    notifyObservers()
  }

  /// Reduces a mutation that arrived from asynchronous work, then drains the actions its
  /// observers sent.
  func reduceDelivered(_ mutation: R.Mutation) {
    guard let reactor = owner else { return }
    dispatching(reactor) { reduce(mutation, reactor) }
  }

  /// Runs `body` as part of handling an action: actions sent meanwhile are queued, then handled
  /// in order before this returns.
  @usableFromInline
  func dispatching(_ reactor: R, _ body: () -> Void) {
    if queue.isDispatching {
      body()
    } else {
      queue.isDispatching = true
      body()
      drainQueue(reactor)
    }
  }

  // MARK: - Observers

  @inlinable
  func notifyObservers() {
    let count = observers.count
    guard count > 0 else { return }
    notifyDepth += 1
    let state = UnsafePointer(statePointer)
    let raw = UnsafeRawPointer(state)
    let slot = slots.base
    var index = 0
    while index < count {
      // No closure here: a closure handed to a standard-library API gets an executor check.
      if slot[index].mayHaveChanged(raw) {
        observers[index].takeUnretainedValue().notify(state)
      }
      index += 1
    }
    notifyDepth -= 1
    if _slowPath(hasRemovedObservers && notifyDepth == 0) { compactObservers() }
  }

  /// Adds an observer; it is called after every change until the returned subscription is
  /// disposed. The caller delivers the current value itself.
  @usableFromInline
  func addObserver(
    filter: ChangeFilter? = nil, _ notify: @escaping @MainActor (UnsafePointer<R.State>) -> Void
  ) -> Subscription {
    let id = nextObserverID
    nextObserverID += 1
    let observer = StateObserver(id: id, notify: notify)
    observerObjects.append(observer)
    observers.append(Unmanaged.passUnretained(observer))
    slots.append(ObserverSlot(filter: filter, state: UnsafeRawPointer(statePointer)))
    return Subscription { [weak self] in
      onMainActor { self?.removeObserver(id) }
    }
  }

  func removeObserver(_ id: Int) {
    guard let index = observerObjects.firstIndex(where: { $0.id == id }) else { return }
    if notifyDepth > 0 {
      // The loop in progress holds indices: mark now, compact when it ends.
      slots.base[index].isRemoved = true
      hasRemovedObservers = true
    } else {
      removeObserver(at: index)
    }
  }

  private func removeObserver(at index: Int) {
    observers.remove(at: index)
    observerObjects.remove(at: index)
    slots.remove(at: index)
  }

  @usableFromInline
  func compactObservers() {
    var index = observerObjects.count - 1
    while index >= 0 {
      if slots.base[index].isRemoved { removeObserver(at: index) }
      index -= 1
    }
    hasRemovedObservers = false
  }

  /// How many observers are attached (state observers, key-path observers, pulses, views).
  public var observerCount: Int {
    (0..<slots.count).filter { !slots.base[$0].isRemoved }.count
  }

  /// How many asynchronous tasks the reactor has in flight (not counting the long-lived streams
  /// merged in by the `transform` hooks).
  public nonisolated var tasksInFlight: Int { tasks.withLock { $0.count } }

  /// Returns once the reactor has no asynchronous work in flight (see ``tasksInFlight``): every
  /// mutation of every started effect has been reduced, or its work was cancelled.
  public func waitUntilIdle() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      if !tasks.withLock({ $0.waitForIdle(waiter) }) { waiter.resume() }
    }
  }

  /// Calls `handler` with every mutation after it is reduced and observed — the hook test tools
  /// use to see asynchronous mutations arrive. One handler at a time: a new one replaces the
  /// previous; disposing the subscription removes it.
  public func observeMutations(_ handler: @escaping @MainActor (R.Mutation) -> Void) -> Subscription {
    mutationObserver = handler
    return Subscription { [weak self] in
      onMainActor { self?.mutationObserver = nil }
    }
  }

  // MARK: - Observation

  /// The member Observation tracks: it changes whenever the state does.
  var stateVersion: Int { 0 }

  /// The current state, recorded as read for Swift's Observation.
  @usableFromInline
  func trackedState(_ reactor: R) -> R.State {
    startIfNeeded(reactor)
    registrar.access(self, keyPath: \.stateVersion)
    isObservationArmed = true
    return statePointer.pointee
  }

  @usableFromInline
  func storeTracked(_ newState: R.State) {
    // Observation's onChange fires once, then a tracker must read again (which re-arms).
    isObservationArmed = false
    registrar.willSet(self, keyPath: \.stateVersion)
    statePointer.pointee = newState
    registrar.didSet(self, keyPath: \.stateVersion)
  }

  /// Finishes `continuation` when the reactor is released, so that its iterators end.
  func finishOnRelease<Element>(_ continuation: AsyncStream<Element>.Continuation) {
    finishers.withLock { $0.append { continuation.finish() } }
  }

  // MARK: - Stub

  @usableFromInline
  func recordStubbed(_ action: R.Action, _ reactor: R) {
    stub(for: reactor).record(action)
  }

  func stub(for reactor: R) -> Stub<R> {
    if let stubStorage { return stubStorage }
    let stub = Stub<R>(store: self)
    stubStorage = stub
    return stub
  }
}

/// One observer of a reactor's state: called with a pointer to the new state (no copy).
@usableFromInline
final class StateObserver<State> {
  @usableFromInline let id: Int
  @usableFromInline let notify: @MainActor (UnsafePointer<State>) -> Void

  @usableFromInline
  init(id: Int, notify: @escaping @MainActor (UnsafePointer<State>) -> Void) {
    self.id = id
    self.notify = notify
  }
}

/// What the notification loop checks before calling an observer: plain memory, no reference
/// counting.
@usableFromInline
struct ObserverSlot {
  @usableFromInline var isRemoved = false
  /// `filter.size == 0` means "always call".
  @usableFromInline let filter: ChangeFilter
  @usableFromInline var last: ChangeFilter.Bytes

  @usableFromInline
  init(filter: ChangeFilter?, state: UnsafeRawPointer) {
    self.filter = filter ?? ChangeFilter(offset: 0, size: 0)
    self.last = self.filter.read(state)
  }

  /// `false` when the observer is removed, or when the filtered bytes are the ones seen last
  /// (the value cannot have changed). `true` sends the observer to its own `==`, which has the
  /// last word.
  @inlinable
  mutating func mayHaveChanged(_ state: UnsafeRawPointer) -> Bool {
    if isRemoved { return false }
    guard filter.size > 0 else { return true }
    let bytes = filter.read(state)
    if bytes == last { return false }
    last = bytes
    return true
  }
}

/// A growable array of ``ObserverSlot`` in memory the store owns: reading and updating a slot in
/// the loop costs no uniqueness or exclusivity check.
@usableFromInline
struct ObserverSlots {
  @usableFromInline var base: UnsafeMutablePointer<ObserverSlot>
  @usableFromInline var count = 0
  @usableFromInline var capacity = 4

  init() {
    base = .allocate(capacity: 4)
  }

  mutating func append(_ slot: ObserverSlot) {
    if count == capacity {
      let grown = UnsafeMutablePointer<ObserverSlot>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: slot)
    count += 1
  }

  mutating func remove(at index: Int) {
    (base + index).deinitialize(count: 1)
    (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
    count -= 1
  }

  func deallocate() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}

/// Where an observed value lives in the state, when it is a trivial (bitwise-copyable) value of
/// at most 16 bytes at a fixed offset: its bytes are compared before its `==` is called, so an
/// observer whose value did not change costs a few loads and no call.
///
/// Equal bytes mean an equal value for every trivial type except a floating-point NaN (whose
/// repeat is then not reported). Different bytes only send the observer to `==`.
@usableFromInline
struct ChangeFilter: Sendable {
  @usableFromInline typealias Bytes = (UInt64, UInt64)
  @usableFromInline let offset: Int
  @usableFromInline let size: Int

  @usableFromInline
  init(offset: Int, size: Int) {
    self.offset = offset
    self.size = size
  }

  /// The filter for a `Value` at `offset`, or `nil` when `Value` is not trivial or too large.
  @inlinable
  init?<Value>(_: Value.Type, offset: Int) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size > 0, MemoryLayout<Value>.size <= 16 else {
      return nil
    }
    self.init(offset: offset, size: MemoryLayout<Value>.size)
  }

  /// The value's bytes as two words: the first and the last bytes of the value, overlapping
  /// when it is shorter than 16 bytes, so every byte counts and nothing outside it is read.
  @inlinable
  func read(_ base: UnsafeRawPointer) -> Bytes {
    let start = base + offset
    switch size {
    case 0: return (0, 0)
    case 1: return (UInt64(start.load(as: UInt8.self)), 0)
    case 2...3:
      return (
        UInt64(start.loadUnaligned(as: UInt16.self)),
        UInt64(start.loadUnaligned(fromByteOffset: size - 2, as: UInt16.self))
      )
    case 4...7:
      return (
        UInt64(start.loadUnaligned(as: UInt32.self)),
        UInt64(start.loadUnaligned(fromByteOffset: size - 4, as: UInt32.self))
      )
    default:
      return (
        start.loadUnaligned(as: UInt64.self),
        start.loadUnaligned(fromByteOffset: size - 8, as: UInt64.self)
      )
    }
  }
}
