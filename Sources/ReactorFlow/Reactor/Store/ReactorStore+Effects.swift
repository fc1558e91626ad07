/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks —
/// through ``EffectRunner``s working for the store (its ``EffectOwner`` conformance): the
/// mutation runner, and those the ``TransformPipeline`` makes for the `transform` hooks' streams.
extension ReactorStore: EffectOwner {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>) {
    mutationRunner.run(effect, asOutputOf: nil)
  }

  /// The runner of the reactor's mutations, made once: what `mutate` (and `recover`) return.
  /// Each mutation goes to ``deliver(_:run:)``.
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let runner = EffectRunner(tasks: tasks, owner: self) { [weak self] (mutation: R.Mutation, run) in
      self?.deliver(mutation, run: run)
    }
    mutationRunnerStorage = runner
    return runner
  }

  /// Where every mutation of the reactor's effects arrives, however it came (the walk of what
  /// `mutate` or `recover` returned, an operation's `send`, a timer, a merged sequence), with the
  /// number of the run it is an output of: recorded as that run's output when a recorder records
  /// the reactor, then reduced — unless the reactor was released or stubbed meanwhile (an
  /// operation still in flight then delivers nothing). What `mutate` returned, walked as it
  /// returned it, is no run's output (`run` is `nil`).
  func deliver(_ mutation: R.Mutation, run: Int?) {
    if _slowPath(hot.value.journal != nil), let run, !transforms.recordsPastTheStages(run) {
      recordOutput(mutation, of: run)
    }
    guard let reactor = owner, !hot.value.isStubbed else { return }
    if _slowPath(hot.value.path == .transformed) {
      transforms.reduce(mutation, reactor, asOutputOf: run)
    } else {
      reduce(mutation, reactor)
    }
  }

  /// Records `mutation` as the output of the reactor's effect number `effect`, when a recorder
  /// records the reactor: the one point every hook's asynchronous work reaches the journal
  /// through — `mutate`'s and `recover`'s effects (``deliver(_:run:)``), and the `transform`
  /// hooks' streams.
  func recordOutput(_ mutation: R.Mutation, of effect: Int) {
    journal?.recordEffectOutput(mutation, effect: effect)
  }

  /// Delivers `mutation`, recorded as the output of the reactor's effect number `effect`, where
  /// that effect delivered it (a replay's substitute for its asynchronous part): to `reduce` — or,
  /// for a `transform(mutation:)` stream, past the stages — recorded as its output again.
  func deliverRecordedOutput(_ mutation: R.Mutation, effect: Int, _ reactor: R) {
    startIfNeeded(reactor)
    let emit = transforms.mutationStageEmit(for: effect) ?? mutationRunner.emit
    dispatching(reactor) { emit(mutation, effect) }
  }

  // MARK: - EffectOwner

  /// Runs `body` inside the re-entrancy guard; dropped once the reactor is gone.
  ///
  /// Recorded, with `transform(action:)` stages, what they let go of an action sent while it
  /// delivers (from `reduce` or an observer) is their output (see
  /// ``collectingStageOutputs(_:_:)``): whether they do can depend on a timer, which a replay
  /// does not run.
  func enter(_ body: () -> Void) {
    guard let reactor = owner else { return }
    if _slowPath(hot.value.journal != nil), transforms.isActionPipelined {
      collectingStageOutputs(reactor, body)
    } else {
      dispatching(reactor, body)
    }
  }

  func fail(_ error: any Error, run: Int?) {
    report(error, asOutputOf: run)
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
    collectingStageOutputs(reactor) { transforms.inActionStage(body) }
  }

  /// Runs `body` inside the re-entrancy guard, then the actions queued meanwhile; recorded, and
  /// outermost, those the `transform(action:)` streams let go are handled as their effect's
  /// delivery (see ``resumeActionStage(_:_:)``).
  func collectingStageOutputs(_ reactor: R, _ body: () -> Void) {
    guard hot.value.journal != nil, !hot.value.queue.isDispatching, let effect = transforms.actionStageEffect
    else {
      dispatching(reactor, body)
      return
    }
    // `dispatching`'s outermost case, written out to tell the streams' actions apart: their
    // positions in the queue, which holds nothing else yet and is emptied only at the end.
    hot.value.queue.isDispatching = true
    var outputs = transforms.collectingOutputs(body)
    var nextOutput = 0
    while true {
      let position = hot.value.queue.head
      guard let next = hot.value.queue.next() else { break }
      guard nextOutput < outputs.count, outputs[nextOutput] == position else {
        dispatch(next, reactor)
        continue
      }
      nextOutput += 1
      let sentBefore = hot.value.queue.buffer.count
      let mutations = reactor.mutate(action: next)
      // Queued after every position noted so far: the order stays sorted.
      outputs.append(contentsOf: sentBefore..<hot.value.queue.buffer.count)
      // Through the runner, a single mutation too: its emission records the outputs.
      mutationRunner.run(mutations, asOutputOf: effect)
    }
  }

  /// Publishes an error of an asynchronous stream and lets the reactor recover from it: what it
  /// recovers with is an output of run `run`, the one the error ended.
  func report(_ error: any Error, asOutputOf run: Int?) {
    guard let reactor = owner else { return }
    let observed = errorRelay.subscriberCount > 0
    errorRelay.accept(error)
    // Stubbed: the reactor's logic does not run (its mutations would be dropped anyway).
    guard !hot.value.isStubbed else { return }
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(.unobservedError(reactor: "\(R.self)", error: "\(error)"))
    }
    mutationRunner.run(recovery, asOutputOf: run)
  }
}
