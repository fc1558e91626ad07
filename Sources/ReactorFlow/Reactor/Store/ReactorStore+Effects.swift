/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks —
/// through ``EffectRunner``s working for the store (its ``EffectOwner`` conformance): the
/// mutation runner, and those the ``TransformPipeline`` makes for the `transform` hooks' streams.
extension ReactorStore: EffectOwner {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>) {
    mutationRunner.run(effect)
  }

  /// The runner of the reactor's mutations, made once: what `mutate` (and `recover`) return.
  /// Each mutation goes to ``deliver(_:)``.
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let runner = EffectRunner(tasks: tasks, owner: self) { [weak self] (mutation: R.Mutation) in
      self?.deliver(mutation)
    }
    mutationRunnerStorage = runner
    return runner
  }

  /// Where every mutation of the reactor's effects arrives, however it came (the walk of what
  /// `mutate` or `recover` returned, an operation's `send`, a timer, a merged sequence): recorded,
  /// when a recorder records the reactor and the mutation is an asynchronous part's output, then
  /// reduced — unless the reactor was released or stubbed meanwhile (an operation still in
  /// flight then delivers nothing). What `mutate` returned, walked as it returned it, is not an
  /// output.
  func deliver(_ mutation: R.Mutation) {
    if _slowPath(hot.value.journal != nil), let effect = currentRun, !transforms.recordsPastTheStages(effect)
    {
      recordOutput(mutation, of: effect)
    }
    guard let reactor = owner, !hot.value.isStubbed else { return }
    reduce(mutation, reactor)
  }

  /// Records `mutation` as the output of the reactor's effect number `effect`, when a recorder
  /// records the reactor: the one point every hook's asynchronous work reaches the journal
  /// through — `mutate`'s and `recover`'s effects (``deliver(_:)``), and the `transform` hooks'
  /// streams.
  func recordOutput(_ mutation: R.Mutation, of effect: Int) {
    journal?.recordEffectOutput(mutation, effect: effect)
  }

  /// Delivers `mutation`, recorded as the output of the reactor's effect number `effect`, where
  /// that effect delivered it (a replay's substitute for its asynchronous part): to `reduce` — or,
  /// for a `transform(mutation:)` stream, past the stages — recorded as its output again.
  func deliverRecordedOutput(_ mutation: R.Mutation, effect: Int, _ reactor: R) {
    startIfNeeded(reactor)
    let emit = transforms.mutationStageEmit(for: effect) ?? mutationRunner.emit
    dispatching(reactor) {
      delivering(effect) { emit(mutation) }
    }
  }

  // MARK: - EffectOwner

  /// Runs `body` inside the re-entrancy guard, as a part of run `run`; dropped once the reactor
  /// is gone.
  func enter(run: Int?, _ body: () -> Void) {
    guard let reactor = owner else { return }
    dispatching(reactor) { delivering(run, body) }
  }

  /// Runs `body` as a part of run `run`: what it emits is that run's output.
  func delivering(_ run: Int?, _ body: () -> Void) {
    let outer = currentRun
    currentRun = run
    body()
    currentRun = outer
  }

  func fail(_ error: any Error) {
    report(error)
  }

  /// Numbers a run (or a `transform` hook's streams, numbered as one effect); never `nil`.
  func numberRun() -> Int? {
    let number = nextRunNumber
    nextRunNumber += 1
    return number
  }

  var substitutesEffects: Bool { EffectSubstitution.isOn }

  nonisolated static var effectOwnerName: String { "\(R.self)" }

  /// Runs `body` — what the `transform(action:)` streams do with an action sent to them, or
  /// after an operation, a timer or an element of a merged stream — inside the re-entrancy guard
  /// and the stages, then the actions it let go.
  ///
  /// Recorded, each action the streams let go here is handled as their effect's delivery: the
  /// mutations `mutate` makes of it are recorded as that effect's outputs (a replay, whose
  /// streams start no timer and iterate nothing, delivers the ones its streams do not let go
  /// themselves, and does not call `mutate` for them), and so are those of the actions `mutate`
  /// sends meanwhile. The actions sent from `reduce` or an observer are not: replaying the
  /// mutations sends them again. An action let go at once counts too: whether a stream lets it
  /// go can depend on a timer (a `throttle`'s window), which a replay does not run.
  func resumeActionStage(_ reactor: R, _ body: () -> Void) {
    guard hot.value.journal != nil, !hot.value.queue.isDispatching, let effect = transforms.actionStageEffect
    else {
      dispatching(reactor) { transforms.inActionStage(body) }
      return
    }
    // `dispatching`'s outermost case, written out to tell the streams' actions apart: their
    // positions in the queue, which holds nothing else yet and is emptied only at the end.
    hot.value.queue.isDispatching = true
    var outputs = transforms.collectingOutputs { transforms.inActionStage(body) }
    var nextOutput = 0
    while true {
      let position = hot.value.queue.head
      guard let next = hot.value.queue.next() else { break }
      guard nextOutput < outputs.count, outputs[nextOutput] == position else {
        dispatch(next, reactor)
        continue
      }
      nextOutput += 1
      delivering(effect) {
        let sentBefore = hot.value.queue.buffer.count
        let mutations = reactor.mutate(action: next)
        // Queued after every position noted so far: the order stays sorted.
        outputs.append(contentsOf: sentBefore..<hot.value.queue.buffer.count)
        // Through the runner, a single mutation too: its emission records the outputs.
        runMutations(mutations)
      }
    }
  }

  /// Publishes an error of an asynchronous stream and lets the reactor recover from it.
  func report(_ error: any Error) {
    guard let reactor = owner else { return }
    let observed = errorRelay.subscriberCount > 0
    errorRelay.accept(error)
    // Stubbed: the reactor's logic does not run (its mutations would be dropped anyway).
    guard !hot.value.isStubbed else { return }
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(.unobservedError(reactor: "\(R.self)", error: "\(error)"))
    }
    runMutations(recovery)
  }
}
