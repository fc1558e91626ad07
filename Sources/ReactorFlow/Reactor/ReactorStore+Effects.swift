/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks — all
/// through one ``EffectRunner``.
extension ReactorStore {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  /// `isLongLived` marks the streams merged in by `transform(mutation:)`, which do not count as
  /// work in flight.
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>, _ reactor: R, isLongLived: Bool = false) {
    var runner = mutationRunner
    runner.isLongLived = isLongLived
    runner.run(effect)
  }

  /// The runner of the reactor's mutations, made once: what `mutate` (and `recover`) return.
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let runner = runner { [weak self] (mutation: R.Mutation) in
      // Stubbed: an operation still in flight delivers nothing.
      guard let self, let reactor = self.owner, !self.isStubEnabled else { return }
      self.reduce(mutation, reactor)
    }
    mutationRunnerStorage = runner
    return runner
  }

  /// A runner whose elements go to `emit`; the work after an operation, an operation's elements
  /// and a timer's run inside the re-entrancy guard — and, for the `transform(action:)` pipeline
  /// (`isActionStage`), inside its stages (see ``inActionStage(_:)``).
  func runner<E>(isActionStage: Bool = false, emit: @escaping @MainActor @Sendable (E) -> Void)
    -> EffectRunner<E>
  {
    var runner = EffectRunner(
      tasks: tasks, emit: emit,
      fail: { [weak self] error in self?.report(error) },
      resume: { [weak self] body in
        guard let self, let reactor = self.owner else { return }
        if isActionStage {
          self.dispatching(reactor) { self.inActionStage(body) }
        } else {
          self.dispatching(reactor, body)
        }
      })
    runner.owner = { "\(R.self)" }
    return runner
  }

  // MARK: - Errors

  /// Publishes an error of an asynchronous stream and lets the reactor recover from it.
  func report(_ error: any Error) {
    guard let reactor = owner else { return }
    let observed = errorRelay.subscriberCount > 0
    errorRelay.accept(error)
    // Stubbed: the reactor's logic does not run (its mutations would be dropped anyway).
    guard !isStubEnabled else { return }
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(.unobservedError(reactor: "\(R.self)", error: "\(error)"))
    }
    runMutations(recovery, reactor)
  }

  // MARK: - Transforms

  /// Runs the `transform(action:)` and `transform(mutation:)` hooks once, at start.
  ///
  /// When a hook returns its argument untouched, merged with other streams, the reactor's own
  /// stream stays the hot path. When it reshapes its argument (`filter`, `map`, `debounce`…),
  /// each place the argument appears becomes an inlet of a pipeline: every action sent (every
  /// mutation of `mutate`) goes into each inlet, in order, synchronously.
  func connectTransforms(of reactor: R) {
    let actions = reactor.transform(action: Effect(kind: .upstream))
    if !actions.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedActions(reactor: "\(R.self)"))
    }
    if !actions.isUpstream {
      var runner = runner(isActionStage: true) { [weak self] (action: R.Action) in
        self?.dispatchTransformed(action)
      }
      runner.isLongLived = true
      if actions.reshapesUpstream {
        hot.value.isActionPipelined = true
        hot.value.sendsSlowly = true
        runner.connectUpstream = { [weak self] inlet in self?.connectActionInlet(inlet) }
      }
      // Each merged stream is an effect of its own: an error in one does not end the others.
      for part in actions.mergedParts where runner.connectUpstream != nil || !part.isUpstream {
        runner.run(part)
      }
    }
    let mutations = reactor.transform(mutation: Effect(kind: .upstream))
    if !mutations.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedMutations(reactor: "\(R.self)"))
    }
    if !mutations.isUpstream {
      var runner = runner { [weak self] (mutation: R.Mutation) in
        // Stubbed: a merged stream's mutation would overwrite the state the test set.
        guard let self, let reactor = self.owner, !self.isStubEnabled else { return }
        self.reduceFinal(mutation, reactor)
      }
      runner.isLongLived = true
      if mutations.reshapesUpstream {
        hot.value.isMutationPipelined = true
        hot.value.reducesSlowly = true
        runner.connectUpstream = { [weak self] inlet in self?.connectMutationInlet(inlet) }
      }
      for part in mutations.mergedParts where runner.connectUpstream != nil || !part.isUpstream {
        runner.run(part)
      }
    }
  }

  /// An action sent while the stub is enabled, or into the `transform(action:)` pipeline.
  ///
  /// The pipeline's stages see the action at once, even when it is sent re-entrantly (but after
  /// the element they are handling, when one of their closures sent it); what comes out of them
  /// is handled in order (FIFO), after the action in progress.
  @usableFromInline
  func sendSlowly(_ action: R.Action, _ reactor: R) {
    if isStubEnabled {
      recordStubbed(action, reactor)
      return
    }
    dispatching(reactor) { pushAction(action) }
  }

  /// An action that came out of `transform(action:)`: queued behind the action in progress (the
  /// one whose pipeline let it out, or any other), or handled at once. Stubbed, it is dropped:
  /// the stub records what is sent to the reactor, not what its transform merges in.
  func dispatchTransformed(_ action: R.Action) {
    guard let reactor = owner, !isStubEnabled else { return }
    if queue.isDispatching {
      queue.enqueue(action)
    } else {
      dispatching(reactor) { dispatch(action, reactor) }
    }
  }

  /// Hands a sent action to the stages of the `transform(action:)` pipeline — after the action
  /// they are handling, when a stage's closure sent it.
  @usableFromInline
  func pushAction(_ action: R.Action) {
    if isInActionStage {
      stageSentActions.append(action)
      return
    }
    inActionStage {
      for inlet in actionInlets { inlet(action) }
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
      for inlet in actionInlets { inlet(action) }
    }
    isInActionStage = false
  }

  @usableFromInline
  func pushMutation(_ mutation: R.Mutation) {
    for inlet in mutationInlets { inlet(mutation) }
  }

  func connectActionInlet(_ inlet: Any) {
    if let inlet = inlet as? @MainActor (R.Action) -> Void { actionInlets.append(inlet) }
  }

  func connectMutationInlet(_ inlet: Any) {
    if let inlet = inlet as? @MainActor (R.Mutation) -> Void { mutationInlets.append(inlet) }
  }
}
