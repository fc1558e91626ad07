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
  /// The current state.
  @usableFromInline let state = StateCell<R.State>()
  /// The queue of re-entrant actions and the flags the hot path reads (see ``MainActorCell``).
  @usableFromInline let hot = MainActorCell(StoreHotState<R>())
  @inlinable var queue: ReentrancyQueue<R.Action> {
    _read { yield hot.value.queue }
    _modify { yield &hot.value.queue }
  }
  /// The observers in notification order (state observers, key-path observers, pulses, views).
  @usableFromInline let observers = ObserverList<R.State>()
  @inlinable var isStubEnabled: Bool {
    get { hot.value.isStubEnabled }
    set {
      hot.value.isStubEnabled = newValue
      hot.value.sendsSlowly = newValue || hot.value.isActionPipelined
    }
  }
  @inlinable var isStateTransformIdentity: Bool {
    get { hot.value.isStateTransformIdentity }
    set { hot.value.isStateTransformIdentity = newValue }
  }
  @inlinable var isObservationArmed: Bool {
    get { hot.value.isObservationArmed }
    set { hot.value.isObservationArmed = newValue }
  }
  /// Sees every reduced mutation (for test tools); see ``observeMutations(_:)``.
  @inlinable var mutationObserver: (@MainActor (R.Mutation) -> Void)? {
    get { hot.value.mutationObserver }
    set { hot.value.mutationObserver = newValue }
  }

  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.stateVersion`, built once: a generic class's key path is not a constant, and building
  /// it costs thousands of instructions each time.
  @usableFromInline nonisolated let stateVersionKeyPath: KeyPath<ReactorStore<R>, Int> & Sendable
  nonisolated let tasks = LockedState(TaskRegistry())
  nonisolated let errorRelay = PublishRelay<any Error>()
  /// How to end the state and pulse sequences still iterated, when the reactor is released.
  nonisolated let finishers = LockedState(Finishers())
  /// Whether a `currentState` read armed Observation on the whole state (see ``trackedState(_:)``).
  @exclusivity(unchecked) @usableFromInline var isWholeStateTracked = false
  /// The properties Observation tracks one by one (made on the first per-property read).
  @exclusivity(unchecked) @usableFromInline var propertyTracker: PropertyTracker<R>?
  /// The state before `transform(state:)`, which `reduce` receives (ReactorKit's rule); kept
  /// only when the reactor has a `transform(state:)` of its own.
  var untransformedState: R.State?
  var stubStorage: Stub<R>?
  /// Whether the store started with the stub on: the `transform` hooks wait until it is off.
  var areTransformsPending = false
  /// The queue of actions sent through ``Reactor/action`` from other threads (made on first use).
  var inbox: MainActorInbox<R.Action>?
  /// Which ``observeMutations(_:)`` call installed the current handler.
  var mutationObserverGeneration = 0
  /// Runs the reactor's mutation effects (made on first use).
  var mutationRunnerStorage: EffectRunner<R.Mutation>?
  /// The inlets of the `transform(action:)` and `transform(mutation:)` pipelines: each sent
  /// action (each mutation of `mutate`) goes into every one, in order.
  var actionInlets: [@MainActor (R.Action) -> Void] = []
  var mutationInlets: [@MainActor (R.Mutation) -> Void] = []
  /// Whether a `transform(action:)` stage is handling an action (or an element of a merged
  /// stream): an action sent meanwhile waits in ``stageSentActions`` for it to finish.
  var isInActionStage = false
  var stageSentActions: [R.Action] = []
  weak var owner: R?

  /// Creates the storage; the reactor's `initialState` is read on first use.
  public nonisolated init() {
    stateVersionKeyPath = \.stateVersion
  }

  deinit {
    let (cancels, waiters) = tasks.withLock { registry in
      (registry.close(), registry.takeDueWaiters())
    }
    for cancel in cancels { cancel() }
    for waiter in waiters { waiter.resume() }
    for finish in finishers.withLock({ $0.takeAll() }) { finish() }
  }

  // MARK: - Start

  /// Starts the pipeline on first use: the initial state, then the `transform` hooks.
  @inlinable
  func startIfNeeded(_ reactor: R) {
    if _slowPath(!state.isInitialized) { start(reactor) }
  }

  @usableFromInline
  func start(_ reactor: R) {
    owner = reactor
    if reactor.store !== self {
      ReactorFlowDiagnostics.emit(.storeNotStored(reactor: "\(R.self)"))
    }
    LiveObjects.note(reactor, "\(R.self)")
    let initialState = reactor.initialState
    // The default `transform(state:)` marks the store (see `noteIdentityStateTransform()`).
    let published = reactor.transform(state: initialState)
    if !isStateTransformIdentity {
      untransformedState = initialState
      hot.value.reducesSlowly = true
    }
    state.initialize(to: published)
    // A stubbed reactor runs none of its logic: its transforms start when the stub is turned off.
    if isStubEnabled {
      areTransformsPending = true
    } else {
      connectTransforms(of: reactor)
    }
  }

  // MARK: - Sending actions

  /// Handles `action` and every action queued while it runs, then returns.
  @inlinable
  func send(_ action: R.Action, to reactor: R) {
    startIfNeeded(reactor)
    if _slowPath(hot.value.sendsSlowly) {
      sendSlowly(action, reactor)
      return
    }
    if _slowPath(queue.isDispatching) {
      // Re-entrant: handled after the action in progress, before the outermost send returns.
      queue.enqueue(action)
      return
    }
    dispatching(reactor) { dispatch(action, reactor) }
  }

  /// The re-entrancy guard, the only way in: runs `body` as part of handling an action; actions
  /// sent meanwhile are queued, then handled in order before the outermost call returns.
  @inlinable
  func dispatching(_ reactor: R, _ body: () -> Void) {
    if queue.isDispatching {
      body()
      return
    }
    queue.isDispatching = true
    body()
    while let next = queue.next() {
      dispatch(next, reactor)
    }
  }

  /// Handles an action: `mutate`, then `reduce`.
  ///
  /// The hot path: it checks one flag at most, so that the compiler inlines it whole into the
  /// caller's `send` (a check or a layer more here is measurable per action).
  @inlinable
  func dispatch(_ action: R.Action, _ reactor: R) {
    let effect = reactor.mutate(action: action)
    // One synchronous mutation is reduced inline; anything else is walked.
    if case .just(let mutation) = effect.kind {
      reduce(mutation, reactor)
    } else {
      runMutations(effect, reactor)
    }
  }

  /// Reduces one mutation of `mutate`, stores the state, then tells the observers — or hands it
  /// to the `transform(mutation:)` pipeline, or applies ReactorKit's `transform(state:)` rule
  /// (see ``reduceSlowly(_:_:)``).
  @inlinable
  func reduce(_ mutation: R.Mutation, _ reactor: R) {
    if _slowPath(hot.value.reducesSlowly) {
      reduceSlowly(mutation, reactor)
      return
    }
    setState(reactor.reduce(state: state.value, mutation: mutation))
    if _slowPath(mutationObserver != nil) { mutationObserver?(mutation) }
  }

  /// A mutation of `mutate` when the reactor has a `transform(mutation:)` pipeline or a
  /// `transform(state:)` of its own.
  @usableFromInline
  func reduceSlowly(_ mutation: R.Mutation, _ reactor: R) {
    if hot.value.isMutationPipelined {
      pushMutation(mutation)
    } else {
      reduceFinal(mutation, reactor)
    }
  }

  /// Reduces a mutation that has been through every `transform` (ReactorKit's rule for
  /// `transform(state:)`: `reduce` receives the untransformed previous state; the transformed one
  /// is published and never fed back), then tells the observers and the mutation observer.
  func reduceFinal(_ mutation: R.Mutation, _ reactor: R) {
    if isStateTransformIdentity {
      setState(reactor.reduce(state: state.value, mutation: mutation))
    } else {
      let reduced = reactor.reduce(state: untransformedState ?? state.value, mutation: mutation)
      untransformedState = reduced
      setState(reactor.transform(state: reduced))
    }
    if let mutationObserver { mutationObserver(mutation) }
  }

  /// Called by the default `transform(state:)` (the identity): the store then skips the hook and
  /// keeps one state only.
  @inlinable
  func noteIdentityStateTransform() {
    isStateTransformIdentity = true
  }

  /// Stores `newState` (telling Observation when it is armed), then tells the observers.
  @inlinable
  func setState(_ newState: R.State) {
    if _slowPath(isObservationArmed) {
      storeTracked(newState)
    } else {
      state.value = newState
    }
    observers.notify(state.pointer)
  }

  // MARK: - Observers

  /// Adds an observer; it is called after every change until the returned subscription is
  /// disposed. The caller delivers the current value itself.
  @usableFromInline
  func addObserver(
    filter: ChangeFilter? = nil, _ notify: @escaping @MainActor (UnsafePointer<R.State>) -> Void
  ) -> AnyDisposable {
    let id = observers.add(filter: filter, state: UnsafeRawPointer(state.pointer), notify)
    return .onMainActor { [weak self] in self?.observers.remove(id) }
  }

  /// How many observers are attached (state observers, key-path observers, pulses, views).
  public var observerCount: Int { observers.count }

  /// How many asynchronous tasks the reactor has in flight (not counting the long-lived streams
  /// merged in by the `transform` hooks).
  public nonisolated var tasksInFlight: Int { tasks.withLock { $0.count } }

  /// Returns once every task the reactor started has ended — cancelled ones included, so that
  /// what an effect does after a cancelled part has run too: every mutation of every started
  /// effect has been reduced, or its work was cancelled and has stopped.
  public func waitUntilIdle() async {
    await waitUntilTasks(atMost: 0)
  }

  /// Returns once at most `count` tasks — cancelled ones still ending included — are running.
  func waitUntilTasks(atMost count: Int) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      if !tasks.withLock({ $0.wait(untilAtMost: count, waiter) }) { waiter.resume() }
    }
  }

  /// Calls `handler` with every mutation after it is reduced and observed — the hook test tools
  /// use to see asynchronous mutations arrive. One handler at a time: a new one replaces the
  /// previous; disposing the subscription removes its own handler (not one that replaced it).
  public func observeMutations(_ handler: @escaping @MainActor (R.Mutation) -> Void) -> AnyDisposable {
    mutationObserver = handler
    mutationObserverGeneration &+= 1
    let generation = mutationObserverGeneration
    return .onMainActor { [weak self] in
      guard let self, self.mutationObserverGeneration == generation else { return }
      self.mutationObserver = nil
    }
  }

  // MARK: - Observation

  /// The member Observation tracks: it changes whenever the state does.
  nonisolated var stateVersion: Int { 0 }

  /// The current state, recorded as read for Swift's Observation.
  @usableFromInline
  func trackedState(_ reactor: R) -> R.State {
    startIfNeeded(reactor)
    registrar.access(self, keyPath: stateVersionKeyPath)
    isWholeStateTracked = true
    isObservationArmed = true
    return state.value
  }

  /// Records, for Swift's Observation, that the property at `keyPath` was read; `hasChanged`
  /// makes its comparison the first time that key path is read. Specialised in the reading
  /// module.
  @inlinable
  func trackProperty(
    _ reactor: R, _ keyPath: AnyKeyPath,
    orMake hasChanged: () -> PropertyComparison.HasChanged
  ) {
    startIfNeeded(reactor)
    let tracker: PropertyTracker<R>
    if let propertyTracker {
      tracker = propertyTracker
    } else {
      tracker = PropertyTracker()
      propertyTracker = tracker
    }
    registrar.access(self, keyPath: tracker.arm(keyPath, orMake: hasChanged))
    isObservationArmed = true
  }

  /// Stores `newState` while Observation tracks the state or some of its properties: tells it
  /// which changed. Specialised in the sending module.
  @inlinable
  func storeTracked(_ newState: R.State) {
    // Observation's onChange fires once, then a tracker must read again (which re-arms).
    isObservationArmed = false
    let whole = isWholeStateTracked
    isWholeStateTracked = false
    guard let tracker = propertyTracker, tracker.armedCount > 0 else {
      if whole { registrar.willSet(self, keyPath: stateVersionKeyPath) }
      state.value = newState
      if whole { registrar.didSet(self, keyPath: stateVersionKeyPath) }
      return
    }
    var changed = withUnsafePointer(to: newState) { tracker.takeChanged(from: state.pointer, to: $0) }
    if whole { registrar.willSet(self, keyPath: stateVersionKeyPath) }
    for index in changed { registrar.willSet(self, keyPath: tracker.keyPath(index)) }
    state.value = newState
    if whole { registrar.didSet(self, keyPath: stateVersionKeyPath) }
    for index in changed { registrar.didSet(self, keyPath: tracker.keyPath(index)) }
    tracker.recycle(&changed)
    // The properties that did not change stay tracked; so does whatever onChange read again.
    if tracker.armedCount > 0 || isWholeStateTracked { isObservationArmed = true }
  }

  /// Finishes `continuation` when the reactor is released, so that its iterators end.
  /// When the iteration ends first, `subscription` is disposed and nothing is left behind.
  func finishOnRelease<Element>(
    _ continuation: AsyncStream<Element>.Continuation, ending subscription: AnyDisposable
  ) {
    let key = finishers.withLock { $0.add { continuation.finish() } }
    continuation.onTermination = { [weak self] _ in
      subscription.dispose()
      self?.finishers.withLock { $0.remove(key) }
    }
  }

  // MARK: - Stub

  /// Turns the stub on or off. Turned on before the store started, the store starts without its
  /// `transform` hooks; they are connected when the stub is turned off.
  func setStubEnabled(_ isEnabled: Bool, _ reactor: R) {
    isStubEnabled = isEnabled
    startIfNeeded(reactor)
    if !isEnabled, areTransformsPending {
      areTransformsPending = false
      connectTransforms(of: reactor)
    }
  }

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
