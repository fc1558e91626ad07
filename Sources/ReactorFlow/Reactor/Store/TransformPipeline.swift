/// A reactor's `transform` hooks, as its store runs them: the `transform(action:)` and
/// `transform(mutation:)` stages and ReactorKit's rule for a `transform(state:)` of its own.
///
/// Connected once, when the store starts (or when a stub that was on from the start is turned
/// off). When a hook returns its argument untouched, merged with other streams, the reactor's own
/// stream stays on the store's direct path. When it reshapes its argument (`filter`, `map`,
/// `debounce`…), each place the argument appears becomes an inlet: every action sent (every
/// mutation of `mutate`) goes into each inlet, in order, synchronously.
@MainActor
final class TransformPipeline<R: Reactor> {
  unowned let store: ReactorStore<R>
  /// Whether the reactor's `transform(state:)` is the default (the identity): set by that default
  /// when the store starts, so that the store neither calls it nor keeps a second state.
  var isStateTransformIdentity = false
  /// The state before `transform(state:)`, which `reduce` receives (ReactorKit's rule); kept
  /// only when the reactor has a `transform(state:)` of its own.
  var untransformedState: R.State?
  /// Whether the store started with the stub on: the hooks wait until it is off.
  var isPending = false
  /// The inlets of the `transform(action:)` and `transform(mutation:)` stages: each sent action
  /// (each mutation of `mutate`) goes into every one, in order.
  private var actionInlets: [@MainActor (R.Action, _ run: Int?) -> Void] = []
  private var mutationInlets: [@MainActor (R.Mutation, _ run: Int?) -> Void] = []
  /// Whether sent actions go through the `transform(action:)` stages (and mutations through the
  /// `transform(mutation:)` stages) rather than straight to `mutate` (to `reduce`).
  private(set) var isActionPipelined = false
  private(set) var isMutationPipelined = false
  /// Whether a `transform(action:)` stage is handling an action (or an element of a merged
  /// stream): an action sent meanwhile waits in `stageSentActions` for it to finish.
  private var isInActionStage = false
  private var stageSentActions: [R.Action] = []
  /// The numbers of the effects the `transform(action:)` and `transform(mutation:)` streams are,
  /// among the reactor's (each hook's streams are one effect, numbered when they start); `nil`
  /// when the hook only returns its argument.
  private(set) var actionStageEffect: Int?
  private(set) var mutationStageEffect: Int?
  /// What the `transform(action:)` streams' runner works for (it holds it weakly).
  private var actionStageOwner: ActionStageOwner<R>?
  /// Hands a mutation to what follows the `transform(mutation:)` stages, as their streams do.
  private var mutationStageEmit: EffectRunner<R.Mutation>.Emission?
  /// Whether the actions handed to the store now were let go by the `transform(action:)` streams
  /// (see ``ReactorStore/resumeActionStage(_:_:)``), and where they wait in its queue.
  private(set) var isCollectingOutputs = false
  var outputPositions: [Int] = []

  init(store: ReactorStore<R>) {
    self.store = store
  }

  /// Whether the store must send actions (reduce mutations) through this pipeline.
  var hasStages: Bool { isActionPipelined || isMutationPipelined || !isStateTransformIdentity }

  /// The state to publish first: `initialState` through `transform(state:)`, whose input is kept
  /// when the reactor has a `transform(state:)` of its own.
  func start(from initialState: R.State, of reactor: R) -> R.State {
    // The default `transform(state:)` marks the pipeline (see `noteIdentityStateTransform()`).
    let published = reactor.transform(state: initialState)
    if !isStateTransformIdentity { untransformedState = initialState }
    return published
  }

  /// Runs the `transform(action:)` and `transform(mutation:)` hooks.
  ///
  /// As ReactorKit builds the whole chain before it subscribes to it, both hooks are called
  /// first (the action streams numbered first), then the mutation streams start, then the action
  /// streams: what an action stream lets go at once (an initial load merged in) goes through
  /// `transform(mutation:)` and `transform(state:)` like any later action.
  func connect(_ reactor: R) {
    let actions = reactor.transform(
      action: Effect(kind: .upstream(EffectUpstream { [weak self] in self?.actionInlets.append($0) })))
    if !actions.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedActions(reactor: "\(R.self)"))
    }
    let mutations = reactor.transform(
      mutation: Effect(kind: .upstream(EffectUpstream { [weak self] in self?.mutationInlets.append($0) })))
    if !mutations.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedMutations(reactor: "\(R.self)"))
    }
    var actionRunner: EffectRunner<R.Action>?
    if !actions.isUpstream {
      let owner = ActionStageOwner(store: store)
      actionStageOwner = owner
      // What the streams let go is handled as an action sent now (when recorded, the mutations
      // `mutate` makes of it are the streams' outputs: see `ReactorStore.resumeActionStage`).
      var runner = EffectRunner(tasks: store.tasks, owner: owner) { [weak store] (action: R.Action, _) in
        store?.receiveTransformed(action)
      }
      runner.isLongLived = true
      actionStageEffect = numberAsOneEffect(&runner)
      if actions.reshapesUpstream { isActionPipelined = true }
      actionRunner = runner
    }
    if !mutations.isUpstream, mutations.reshapesUpstream { isMutationPipelined = true }
    // The path the stages (and a `transform(state:)` of the reactor's own) make, before anything
    // runs through them: what the streams let go now takes it, not the unstarted store's.
    store.updatePath()
    if !mutations.isUpstream {
      var runner = EffectRunner(tasks: store.tasks, owner: store) { [weak self] (mutation: R.Mutation, run) in
        // Stubbed: a merged stream's mutation would overwrite the state the test set.
        guard let self, let reactor = self.store.owner, !self.store.hot.value.isStubbed else { return }
        if _slowPath(run != nil) { self.recordIfOutput(mutation, of: run) }
        self.reduceFinal(mutation, reactor)
      }
      runner.isLongLived = true
      mutationStageEffect = numberAsOneEffect(&runner)
      mutationStageEmit = runner.emit
      // Each merged stream is an effect of its own: an error in one does not end the others.
      for part in mutations.mergedParts where isMutationPipelined || !part.isUpstream {
        runner.run(part, asOutputOf: nil)
      }
    }
    if let actionRunner {
      for part in actions.mergedParts where isActionPipelined || !part.isUpstream {
        actionRunner.run(part, asOutputOf: nil)
      }
    }
  }

  /// Numbers the runs of `runner` — each stream a hook merges, run on its own — as one effect of
  /// the reactor's, now: what their asynchronous parts deliver is its output, and they start no
  /// operation, sequence or timer while effects are substituted. Returns its number.
  private func numberAsOneEffect<Element>(_ runner: inout EffectRunner<Element>) -> Int? {
    let effect = store.numberRun()
    runner.parentNumber = effect
    return effect
  }

  /// Records `mutation` as the output of the `transform(mutation:)` streams when they deliver it
  /// (`effect`, the run it is an output of, is theirs) — not a mutation of `mutate` they pass on
  /// as it came.
  private func recordIfOutput(_ mutation: R.Mutation, of effect: Int?) {
    guard let effect, effect == mutationStageEffect else { return }
    store.recordOutput(mutation, of: effect)
  }

  /// Whether an output of the reactor's effect number `effect` that reaches the store is recorded
  /// where it leaves the `transform(mutation:)` stages rather than where it arrives: `effect` is
  /// their streams' own, and the store passes its mutations through them — what `recover(from:)`
  /// makes of an error of those streams, delivered as a part of their run. Recorded as it
  /// arrives too, it would be recorded twice, and a replay, which hands the streams' outputs past
  /// the stages, would reduce it twice.
  func recordsPastTheStages(_ effect: Int) -> Bool {
    isMutationPipelined && effect == mutationStageEffect
  }

  /// What hands a mutation delivered by the reactor's effect number `effect` past the
  /// `transform(mutation:)` stages, when that effect is their streams; `nil` otherwise.
  func mutationStageEmit(for effect: Int) -> EffectRunner<R.Mutation>.Emission? {
    effect == mutationStageEffect ? mutationStageEmit : nil
  }

  /// Runs `body`, noting the actions the store queues meanwhile that the `transform(action:)`
  /// streams let go; returns their positions in the store's queue, in order.
  func collectingOutputs(_ body: () -> Void) -> [Int] {
    isCollectingOutputs = true
    body()
    isCollectingOutputs = false
    defer { outputPositions.removeAll(keepingCapacity: true) }
    return outputPositions
  }

  // MARK: - Actions

  /// Hands a sent action to the `transform(action:)` stages — after the action they are
  /// handling, when a stage's closure sent it. The stages see the action at once, even when it
  /// is sent re-entrantly; what comes out of them is handled in order (FIFO), after the action in
  /// progress.
  func push(_ action: R.Action) {
    if isInActionStage {
      stageSentActions.append(action)
      return
    }
    inActionStage {
      for inlet in actionInlets { inlet(action, nil) }
    }
  }

  /// Runs `body` as the stages of `transform(action:)` handling one element: an action a stage's
  /// closure (`map`, `filter`…) sends meanwhile goes into the pipeline once the element is
  /// through, so it is handled after the element (as one sent from `reduce`), never before.
  func inActionStage(_ body: () -> Void) {
    if isInActionStage {
      body()
      return
    }
    isInActionStage = true
    body()
    while !stageSentActions.isEmpty {
      let action = stageSentActions.removeFirst()
      for inlet in actionInlets { inlet(action, nil) }
    }
    isInActionStage = false
  }

  // MARK: - Mutations

  /// A mutation of `mutate` (an output of run `run`, `nil` for none): into the
  /// `transform(mutation:)` stages, or reduced by ReactorKit's rule for `transform(state:)`.
  func reduce(_ mutation: R.Mutation, _ reactor: R, asOutputOf run: Int?) {
    if isMutationPipelined {
      for inlet in mutationInlets { inlet(mutation, run) }
    } else {
      reduceFinal(mutation, reactor)
    }
  }

  /// Reduces a mutation that has been through every `transform` (ReactorKit's rule for
  /// `transform(state:)`: `reduce` receives the untransformed previous state; the transformed one
  /// is published and never fed back), then tells the observers and the mutation observer.
  func reduceFinal(_ mutation: R.Mutation, _ reactor: R) {
    store.journal?.recordMutation(mutation)
    if isStateTransformIdentity {
      store.setState(reactor.reduce(state: store.state.value, mutation: mutation))
    } else {
      let reduced = reactor.reduce(state: untransformedState ?? store.state.value, mutation: mutation)
      untransformedState = reduced
      store.setState(reactor.transform(state: reduced))
    }
    if let mutationObserver = store.hot.value.mutationObserver { mutationObserver(mutation) }
  }
}

/// The owner of the `transform(action:)` streams' runner: their work — after an operation, a
/// timer, an element of a merged stream — enters the store's guard through the stages (see
/// ``ReactorStore/resumeActionStage(_:_:)``); the rest is the store's. It holds the store weakly:
/// work cancelled while the store is released finds it gone.
@MainActor
final class ActionStageOwner<R: Reactor>: EffectOwner {
  weak let store: ReactorStore<R>?

  init(store: ReactorStore<R>) {
    self.store = store
  }

  func enter(_ body: () -> Void) {
    guard let store, let reactor = store.owner else { return }
    store.resumeActionStage(reactor, body)
  }

  func fail(_ error: any Error, run: Int?) {
    store?.report(error, asOutputOf: run)
  }

  func numberRun() -> Int? { store?.numberRun() }

  var substitutesEffects: Bool { EffectSubstitution.isOn }

  nonisolated static var effectOwnerName: String { "\(R.self)" }
}
