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

  /// The runner of the reactor's mutations, made once.
  var mutationRunner: EffectRunner<R.Mutation> {
    if let runner = mutationRunnerStorage { return runner }
    let runner = runner { [weak self] (mutation: R.Mutation) in
      guard let self, let reactor = self.owner else { return }
      self.reduce(mutation, reactor)
    }
    mutationRunnerStorage = runner
    return runner
  }

  /// A runner whose synchronous elements go to `emit` and whose operations' elements are reduced
  /// as they arrive; the work after an operation runs inside the re-entrancy guard.
  func runner<E>(emit: @escaping @MainActor (E) -> Void) -> EffectRunner<E> {
    EffectRunner(
      tasks: tasks, emit: emit,
      deliver: { [weak self] element in
        guard let self, let reactor = self.owner else { return }
        self.dispatching(reactor) { emit(element) }
      },
      fail: { [weak self] error in self?.report(error) },
      resume: { [weak self] body in
        guard let self, let reactor = self.owner else { return }
        self.dispatching(reactor, body)
      })
  }

  // MARK: - Errors

  /// Publishes an error of an asynchronous stream and lets the reactor recover from it.
  func report(_ error: any Error) {
    guard let reactor = owner else { return }
    let observed = errorRelay.subscriberCount > 0
    errorRelay.accept(error)
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(.unobservedError(reactor: "\(R.self)", error: "\(error)"))
    }
    runMutations(recovery, reactor)
  }

  // MARK: - Transforms

  /// Runs the `transform(action:)` and `transform(mutation:)` hooks once, at start.
  func connectTransforms(of reactor: R) {
    let actions = reactor.transform(action: Effect(kind: .upstream))
    if !actions.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedActions(reactor: "\(R.self)"))
    }
    if !actions.isUpstream {
      var runner = runner { [weak self] (action: R.Action) in self?.sendFromTransform(action) }
      runner.isLongLived = true
      // Each merged stream is an effect of its own: an error in one does not end the others.
      for part in actions.mergedParts { runner.run(part) }
    }
    let mutations = reactor.transform(mutation: Effect(kind: .upstream))
    if !mutations.containsUpstream {
      ReactorFlowDiagnostics.emit(.transformDroppedMutations(reactor: "\(R.self)"))
    }
    if !mutations.isUpstream {
      for part in mutations.mergedParts { runMutations(part, reactor, isLongLived: true) }
    }
  }

  func sendFromTransform(_ action: R.Action) {
    guard let reactor = owner else { return }
    send(action, to: reactor)
  }
}
