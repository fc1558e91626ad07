/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks —
/// through ``EffectRunner``s: the mutation runner, and those ``runner(isActionStage:emit:)``
/// makes for the `transform` hooks' streams.
extension ReactorStore {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>) {
    mutationRunner.run(effect)
  }

  /// The runner of the reactor's mutations, made once: what `mutate` (and `recover`) return.
  /// Each mutation goes to ``receive(_:)``; one that an effect's asynchronous part delivered is
  /// recorded first as that effect's output, when a recorder records the reactor — and so is one
  /// that `mutate` made of an action a `transform(action:)` stream let go (see
  /// ``resumeActionStage(_:_:)``).
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let outputs = effectOutputs
    var runner = runner { [weak self] (mutation: R.Mutation) in
      guard let self else { return }
      // Recorded only, and off the synchronous walk only: what `mutate` returned as it returned
      // it is not an output.
      if _slowPath(self.hot.value.journal != nil), let effect = outputs.current {
        self.recordOutput(mutation, of: effect)
      }
      self.receive(mutation)
    }
    runner.outputs = outputs
    mutationRunnerStorage = runner
    return runner
  }

  /// Records `mutation` as the output of the reactor's effect number `effect`, when a recorder
  /// records the reactor: the one point every hook's asynchronous work reaches the journal
  /// through — `mutate`'s and `recover`'s effects, and the `transform` hooks' streams.
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
      effectOutputs.delivering(effect) { emit(mutation) }
    }
  }

  /// A runner whose elements go to `emit`; the work after an operation, an operation's elements
  /// and a timer's run inside the re-entrancy guard — and, for the `transform(action:)` pipeline
  /// (`isActionStage`), inside its stages (see ``TransformPipeline/inActionStage(_:)``).
  func runner<E>(isActionStage: Bool = false, emit: @escaping @MainActor @Sendable (E) -> Void)
    -> EffectRunner<E>
  {
    var runner = EffectRunner(
      tasks: tasks, emit: emit,
      fail: { [weak self] error in self?.report(error) },
      resume: { [weak self] body in
        guard let self, let reactor = self.owner else { return }
        if isActionStage {
          self.resumeActionStage(reactor, body)
        } else {
          self.dispatching(reactor, body)
        }
      })
    runner.owner = { "\(R.self)" }
    return runner
  }

  /// Runs `body` — what the `transform(action:)` streams do after an operation, a timer or an
  /// element of a merged stream — inside the re-entrancy guard and the stages, then the actions
  /// it let go.
  ///
  /// Recorded, each action the streams let go here is handled as their effect's delivery: the
  /// mutations `mutate` makes of it are recorded as that effect's outputs (a replay, whose
  /// streams start no timer and iterate nothing, delivers them, and does not call `mutate`), and
  /// so are those of the actions `mutate` sends meanwhile. The actions sent from `reduce` or an
  /// observer are not: replaying the mutations sends them again.
  func resumeActionStage(_ reactor: R, _ body: () -> Void) {
    guard hot.value.journal != nil, !queue.isDispatching, let effect = transforms.actionStageEffect else {
      dispatching(reactor) { transforms.inActionStage(body) }
      return
    }
    // `dispatching`'s outermost case, written out to tell the streams' actions apart: their
    // positions in the queue, which holds nothing else yet and is emptied only at the end.
    queue.isDispatching = true
    var outputs = transforms.collectingOutputs { transforms.inActionStage(body) }
    var nextOutput = 0
    while true {
      let position = queue.head
      guard let next = queue.next() else { break }
      guard nextOutput < outputs.count, outputs[nextOutput] == position else {
        dispatch(next, reactor)
        continue
      }
      nextOutput += 1
      effectOutputs.delivering(effect) {
        let sentBefore = queue.buffer.count
        let mutations = reactor.mutate(action: next)
        // Queued after every position noted so far: the order stays sorted.
        outputs.append(contentsOf: sentBefore..<queue.buffer.count)
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
    guard !isStubEnabled else { return }
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(.unobservedError(reactor: "\(R.self)", error: "\(error)"))
    }
    runMutations(recovery)
  }
}
