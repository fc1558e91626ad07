/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks — all
/// through one ``EffectRunner``.
extension ReactorStore {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>, _ reactor: R) {
    mutationRunner.run(effect)
  }

  /// The runner of the reactor's mutations, made once: what `mutate` (and `recover`) return.
  /// Each mutation goes to ``receive(_:)``; one that an effect's asynchronous part delivered is
  /// recorded first as that effect's output, when a recorder records the reactor.
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let outputs = EffectOutputs()
    var runner = runner { [weak self] (mutation: R.Mutation) in
      guard let self else { return }
      // Off the synchronous walk only: what `mutate` returned as it returned it is not an output.
      if _slowPath(outputs.current != nil), let effect = outputs.current {
        self.journal?.recordEffectOutput(mutation, effect: effect)
      }
      self.receive(mutation)
    }
    runner.outputs = outputs
    mutationRunnerStorage = runner
    return runner
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
          self.dispatching(reactor) { self.transforms.inActionStage(body) }
        } else {
          self.dispatching(reactor, body)
        }
      })
    runner.owner = { "\(R.self)" }
    return runner
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
    runMutations(recovery, reactor)
  }
}
