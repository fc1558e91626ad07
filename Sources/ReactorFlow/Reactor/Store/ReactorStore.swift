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
  // The store owns its collaborators and runs the hot path itself: an action is handled (guard,
  // `mutate`, `reduce`, observers) here, calling out only to the reactor and the observers.
  /// The current state.
  @usableFromInline let state = StateCell<R.State>()
  /// The queue of re-entrant actions and the path they take (see ``MainActorCell``).
  @usableFromInline let hot = MainActorCell(StoreHotState<R>())
  /// The observers in notification order (state observers, key-path observers, pulses, views).
  @usableFromInline let observers = ObserverList<R.State>()
  /// The bridge to Swift's Observation (what `currentState` and `reactor[\.x]` reads track).
  @usableFromInline let observation = StoreObservation<R>()
  /// The work in flight, under the one lock the reactor's `deinit` (any thread) also takes, with
  /// the ends of the sequences still iterated.
  nonisolated let tasks = TaskRegistryLock(TaskRegistry())
  nonisolated let errorRelay = PublishRelay<any Error>()
  /// The `transform` hooks (made when the store starts).
  private(set) lazy var transforms = TransformPipeline(store: self)
  /// Runs the reactor's mutation effects (made on first use).
  var mutationRunnerStorage: EffectRunner<R.Mutation>?
  /// The number the next run of the reactor's effects gets: `mutate`'s, `recover`'s and the
  /// `transform` hooks' streams are numbered in one sequence (see ``numberRun()``).
  var nextRunNumber = 0
  var stubStorage: Stub<R>?
  /// The queue of actions sent through ``Reactor/action`` from other threads (made on first use).
  var inbox: MainActorInbox<SentAction<R.Action>>?
  /// Which ``observeMutations(_:)`` call installed the current handler.
  var mutationObserverGeneration = 0
  weak var owner: R?

  /// Creates the storage; the reactor's `initialState` is read on first use.
  public nonisolated init() {}

  deinit {
    tasks.release()
  }

  // MARK: - Start

  /// Starts the pipeline on first use: the initial state, then the `transform` hooks.
  @inlinable @inline(__always)
  func startIfNeeded(_ reactor: R) {
    if _slowPath(!state.isInitialized) { start(reactor) }
  }

  // MARK: - Sending actions

  /// Handles `action` and every action queued while it runs, then returns.
  ///
  /// The hot path — `send`, `dispatching`, `dispatch`, `reduce`, `setState` — is inlined whole
  /// into the caller by request, not left to the optimizer's size estimate: one layer not
  /// inlined costs a call, a frame and the reloads of the store's fields on every action.
  ///
  /// `callSite` is where the action was sent from: only a recorded store looks at it.
  @inlinable @inline(__always)
  func send(_ action: R.Action, to reactor: R, from callSite: RecordedCallSite = .unknown) {
    // Not started, stubbed, transformed or recorded: all off the direct path (one check).
    if _slowPath(hot.value.path != .direct) {
      if hot.value.path == .recorded {
        sendRecorded(action, reactor, from: callSite)
      } else {
        sendSlowly(action, reactor, from: callSite)
      }
      return
    }
    if _slowPath(hot.value.queue.isDispatching) {
      // Re-entrant: handled after the action in progress, before the outermost send returns.
      hot.value.queue.enqueue(action)
      return
    }
    dispatching(reactor) { dispatch(action, reactor) }
  }

  /// An action sent off the direct path: recorded when a journal records the reactor (before the
  /// store starts, so that what starting does comes after it), then, once the store has started,
  /// kept by the stub when it is enabled, handed to the `transform(action:)` stages when the
  /// reactor has some, or handled as on the direct path.
  @usableFromInline
  func sendSlowly(_ action: R.Action, _ reactor: R, from callSite: RecordedCallSite) {
    if let journal = hot.value.journal {
      journal.recordAction(action, isDispatching: hot.value.queue.isDispatching, from: callSite)
    }
    startIfNeeded(reactor)
    switch hot.value.path {
    case .stubbed:
      stub.record(action)
    case .transformed where transforms.isActionPipelined:
      if hot.value.journal == nil {
        dispatching(reactor) { transforms.push(action) }
      } else {
        // Recorded: what the streams let go of it, at once or later, is their effect's output.
        resumeActionStage(reactor) { transforms.push(action) }
      }
    case .direct, .unstarted, .recorded, .transformed:
      if hot.value.queue.isDispatching {
        hot.value.queue.enqueue(action)
      } else {
        dispatching(reactor) { dispatch(action, reactor) }
      }
    }
  }

  /// An action that came out of `transform(action:)`: queued behind the action in progress, or
  /// handled at once. Stubbed, it is dropped: the stub records what is sent to the
  /// reactor, not what its transform merges in.
  func receiveTransformed(_ action: R.Action) {
    guard let reactor = owner, !hot.value.isStubbed else { return }
    if hot.value.queue.isDispatching {
      // Let go by a stream of the stages, recorded: handled as that stream's output.
      if transforms.isCollectingOutputs { transforms.outputPositions.append(hot.value.queue.buffer.count) }
      hot.value.queue.enqueue(action)
    } else {
      dispatching(reactor) { dispatch(action, reactor) }
    }
  }

  /// The re-entrancy guard: runs `body` as part of handling an action; actions sent meanwhile are
  /// queued, then handled in order before the outermost call returns. (`sendRecorded` and
  /// `resumeActionStage` write its outermost case out.)
  @inlinable @inline(__always)
  func dispatching(_ reactor: R, _ body: () -> Void) {
    if hot.value.queue.isDispatching {
      body()
      return
    }
    hot.value.queue.isDispatching = true
    body()
    while let next = hot.value.queue.next() {
      dispatch(next, reactor)
    }
  }

  /// Handles an action: `mutate`, then `reduce`.
  ///
  /// The hot path: it checks one flag at most, so that the compiler inlines it whole into the
  /// caller's `send`.
  @inlinable @inline(__always)
  func dispatch(_ action: R.Action, _ reactor: R) {
    let effect = reactor.mutate(action: action)
    // One synchronous mutation is reduced inline; anything else is walked.
    if case .just(let mutation) = effect.kind {
      reduce(mutation, reactor)
    } else {
      runMutations(effect)
    }
  }

  /// Reduces one mutation of `mutate`, stores the state, then tells the observers — or hands it
  /// to the ``TransformPipeline``.
  @inlinable @inline(__always)
  func reduce(_ mutation: R.Mutation, _ reactor: R) {
    if _slowPath(hot.value.path != .direct) {
      if hot.value.path == .recorded {
        reduceRecorded(mutation, reactor)
      } else {
        reduceSlowly(mutation, reactor)
      }
      return
    }
    setState(reactor.reduce(state: state.value, mutation: mutation))
    if _slowPath(hot.value.mutationObserver != nil) { hot.value.mutationObserver?(mutation) }
  }

  /// A mutation off the direct path: into the ``TransformPipeline`` (stubbed or transformed), or
  /// recorded when a journal records the reactor, then reduced as on the direct path.
  @usableFromInline
  func reduceSlowly(_ mutation: R.Mutation, _ reactor: R) {
    switch hot.value.path {
    case .transformed, .stubbed:
      transforms.reduce(mutation, reactor, asOutputOf: nil)
    case .direct, .unstarted, .recorded:
      // Recorded (when a journal records the reactor) and reduced as on the recorded path.
      reduceRecorded(mutation, reactor)
    }
  }

  /// Stores `newState` (telling Observation when it tracks something), then tells the observers.
  @inlinable @inline(__always)
  func setState(_ newState: R.State) {
    if _slowPath(observation.tracking.value.isArmed) {
      observation.store(newState, in: state, of: self)
    } else {
      state.value = newState
    }
    observers.notify(state)
  }

  // MARK: - Observers

  /// The subscription of the observer `id`: disposing it removes the observer.
  @usableFromInline
  func subscription(_ id: Int) -> AnyDisposable {
    .onMainActor { [weak self] in self?.observers.remove(id) }
  }

  /// How many observers are attached (state observers, key-path observers, pulses, views).
  public var observerCount: Int { observers.count }

  /// Calls `handler` with every mutation after it is reduced and observed — the hook test tools
  /// use to see asynchronous mutations arrive. One handler at a time: a new one replaces the
  /// previous; disposing the subscription removes its own handler (not one that replaced it).
  public func observeMutations(_ handler: @escaping @MainActor (R.Mutation) -> Void) -> AnyDisposable {
    hot.value.mutationObserver = handler
    mutationObserverGeneration &+= 1
    let generation = mutationObserverGeneration
    return .onMainActor { [weak self] in
      guard let self, self.mutationObserverGeneration == generation else { return }
      self.hot.value.mutationObserver = nil
    }
  }

  // MARK: - Observation

  /// The current state, recorded as read for Swift's Observation.
  @inlinable
  func trackedState(_ reactor: R) -> R.State {
    startIfNeeded(reactor)
    observation.accessState(of: self)
    return state.value
  }

  /// Records, for Swift's Observation, that the property at `keyPath` was read; `comparison`
  /// makes its comparison the first time that key path is read. Specialised in the reading
  /// module.
  @inlinable
  func trackProperty(_ reactor: R, _ keyPath: AnyKeyPath, orMake comparison: () -> PropertyComparison) {
    startIfNeeded(reactor)
    observation.accessProperty(of: self, keyPath, orMake: comparison)
  }

  // MARK: - Work in flight

  /// How many asynchronous tasks the reactor has in flight (not counting the long-lived streams
  /// merged in by the `transform` hooks).
  public nonisolated var tasksInFlight: Int { tasks.count }

  /// Returns once every task the reactor started has ended — cancelled ones included, so that
  /// what an effect does after a cancelled part has run too: every mutation of every started
  /// effect has been reduced, or its work was cancelled and has stopped.
  public func waitUntilIdle() async {
    await waitUntilTasks(atMost: 0)
  }

  /// Returns once the reactor is idle, as ``waitUntilIdle()`` does, holding the reactor's task
  /// registry rather than its store: a wait the caller may give up on (the testing tools' guarded
  /// wait) then keeps nothing alive — released with its reactor, the store cancels its tasks, and
  /// this returns as they end.
  package nonisolated var idleWait: @Sendable () async -> Void {
    { [tasks] in await tasks.wait(untilAtMost: 0) }
  }

  /// Returns once at most `count` tasks — cancelled ones still ending included — are running.
  func waitUntilTasks(atMost count: Int) async {
    await tasks.wait(untilAtMost: count)
  }

  /// Finishes `continuation` when the reactor is released, so that its iterators end.
  /// When the iteration ends first, `subscription` is disposed and nothing is left behind.
  func finishOnRelease<Element>(
    _ continuation: AsyncStream<Element>.Continuation, ending subscription: AnyDisposable
  ) {
    let key = tasks.addFinisher { continuation.finish() }
    continuation.onTermination = { [weak self] _ in
      subscription.dispose()
      self?.tasks.removeFinisher(key)
    }
  }
}
