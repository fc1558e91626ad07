/// The node's adaptation line: each step goes through its flow's `adapt(step:)` (synchronous, or
/// an asynchronous ``Effect`` run by the node's ``EffectRunner``, the runner reactors' effects
/// run on) and leaves for the coordinator's queue in emission order, however long each adaptation
/// takes (RxFlow reorders them).
extension FlowNode {
  /// Runs the flow's `adapt(step:)`, then hands the result to `coordinator`; steps leave in
  /// emission order however long it takes.
  @inline(__always)
  func adapt(_ step: any Step, origin: StepOrigin = .stepper, in coordinator: FlowCoordinator) {
    // The usual case, kept inline: a flow with the default `adapt(step:)` (not asked again,
    // see ``DefaultAdaptation``) and nothing waiting ahead of the step.
    if hot.value.adaptsByDefault, hot.value.adapting.isEmpty, !hot.value.isEnded {
      coordinator.enqueue(step, for: self, origin: origin)
    } else {
      adaptInLine(step, origin: origin, in: coordinator)
    }
  }

  /// ``adapt(_:origin:in:)``, the general case.
  func adaptInLine(_ step: any Step, origin: StepOrigin, in coordinator: FlowCoordinator) {
    guard !hot.value.isEnded else {
      if origin == .stepper { coordinator.report(.stepAfterEnd(step: step, flow: name)) }
      return
    }
    let effect: Effect<any Step>
    if hot.value.adaptsByDefault {
      // The default `adapt(step:)` returns the step as it is: not asked again.
      effect = .just(step)
    } else {
      let (adapted, isDefault) = DefaultAdaptation.adapt(step, by: flow)
      if isDefault { hot.value.adaptsByDefault = true }
      effect = adapted
    }
    if hot.value.adapting.isEmpty {
      // Nothing waits ahead of this step: a synchronous adaptation goes straight on.
      switch effect.kind {
      case .just(let single):
        coordinator.enqueue(single, for: self, origin: origin)
        return
      case .none:
        coordinator.report(.filteredByAdapt(step: step, flow: name))
        return
      default:
        break
      }
    }
    let entry = AdaptedStep(original: step, origin: origin)
    hot.value.adapting.append(entry)
    switch effect.kind {
    case .just(let single):
      entry.result = [single]
    case .none:
      entry.result = []
    default:
      startAdaptation(effect, entry: entry, in: coordinator)
    }
    flushAdapted(in: coordinator)
  }

  /// Runs an adaptation that is not a single step on the node's runner: its steps go to `entry`,
  /// which resolves when the run ends, then the line moves on. A synchronous effect resolves
  /// before this returns.
  private func startAdaptation(
    _ effect: Effect<any Step>, entry: AdaptedStep, in coordinator: FlowCoordinator
  ) {
    var runner = adaptationRunner
    runner.emit = { step, _ in entry.sent.append(step) }
    // Weakly: the run's completion is kept by its tasks, which the node's registry holds.
    runner.run(effect, asOutputOf: nil) { [weak self, weak coordinator] failure in
      entry.resolve(failure: failure)
      guard let self, let coordinator, !self.hot.value.isEnded else { return }
      self.flushAdapted(in: coordinator)
    }
  }

  /// The runner of the flow's asynchronous adaptations, made with the first one; each run sets
  /// its own `emit` (its entry in the line). Its work is cancelled when the flow ends, and what
  /// comes after that — an operation's steps, the rest of a run — is dropped.
  private var adaptationRunner: EffectRunner<any Step> {
    if let runner = adaptationRunnerStorage { return runner }
    let tasks = TaskRegistryLock(TaskRegistry())
    adaptationTasks = tasks
    let runner = EffectRunner<any Step>(tasks: tasks, owner: self) { _, _ in }
    adaptationRunnerStorage = runner
    return runner
  }

  /// Moves the adapted steps at the head of the line to the coordinator's queue.
  func flushAdapted(in coordinator: FlowCoordinator) {
    while let head = hot.value.adapting.first, let result = head.result {
      hot.value.adapting.removeFirst()
      if let failure = head.failure {
        coordinator.report(.adaptFailed(step: head.original, flow: name, error: failure))
      } else if result.isEmpty {
        coordinator.report(.filteredByAdapt(step: head.original, flow: name))
      }
      for step in result { coordinator.enqueue(step, for: self, origin: head.origin) }
    }
  }
}

/// The owner of the flow's asynchronous adaptations: their work is dropped once the flow ended;
/// a failure reaches the coordinator through the run's completion (``AdaptedStep``), and the runs
/// are not numbered (a replay drives them through the inputs it feeds).
extension FlowNode: EffectOwner {
  func enter(_ body: () -> Void) {
    guard !hot.value.isEnded else { return }
    body()
  }

  func fail(_ error: any Error, run: Int?) {}

  func numberRun() -> Int? { nil }

  var substitutesEffects: Bool { false }

  nonisolated static var effectOwnerName: String { "A flow's adapt(step:)" }
}
