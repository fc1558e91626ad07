/// What a replay of a journal needs from the core: the reactors and steppers of a recording
/// coordinator by the place a journal names them, and a way to hand each the values the journal
/// recorded.
extension FlowCoordinator {
  /// The reactors contributed as steppers under this coordinator since it records, by where they
  /// sit (their ``JournalSource``), the root flow's first.
  package var recordedReactors: [(source: JournalSource, reactor: any Reactor)] {
    recordedContributions.compactMap { source, contribution in
      (contribution.stepper as? any Reactor).map { (source, $0) }
    }
  }

  /// The reactor contributed at `source` under this recording coordinator, if it is still there.
  package func reactor(at source: JournalSource) -> (any Reactor)? {
    recordedReactors.first { $0.source == source }?.reactor
  }

  /// Emits `step` from the stepper at `source` — a contributed stepper, or a flow's own stepper
  /// (the flow's place) — as that stepper would, through the coordinator's intake (which records
  /// it); a step of ``JournalSource/app`` is sent to every flow (``navigate(to:)``). Returns
  /// `false`, emitting nothing, when nothing sits at `source`.
  package func emitStep(_ step: any Step, from source: JournalSource) -> Bool {
    if source == .app {
      navigate(to: step)
      return true
    }
    if let contribution = recordedContributions.first(where: { $0.source == source })?.contribution {
      contribution.stepper.steps.acceptWithoutCallSite(step)
      return true
    }
    guard let node = root?.subtree.first(where: { journalSource(of: $0) == source }),
      let stepper = node.stepper
    else { return false }
    stepper.steps.acceptWithoutCallSite(step)
    return true
  }

  /// The contributions placed in the journal's tree, in the tree's order.
  private var recordedContributions: [(source: JournalSource, contribution: Contribution)] {
    guard let root else { return [] }
    return root.subtree.flatMap { node in
      node.contributions.compactMap { contribution in contribution.journalSource.map { ($0, contribution) } }
    }
  }
}

extension Reactor {
  /// The type of the actions a replay sends to this reactor (to decode them).
  package var journalActionType: Any.Type { Action.self }

  /// The type of the mutations a replay delivers to this reactor as its effects' outputs.
  package var journalMutationType: Any.Type { Mutation.self }

  /// Sends `value`, a recorded action, as if from outside the reactor; `false` (nothing sent)
  /// when it is not an `Action`.
  package func replaySend(_ value: Any) -> Bool {
    guard let action = value as? Action else { return false }
    sendWithoutCallSite(action)
    return true
  }

  /// Delivers `value`, a recorded output of the reactor's effect number `effect`, as that
  /// effect's asynchronous part would have: recorded as its output (when the reactor is
  /// recorded), then reduced — a `transform(mutation:)` stream's past the stages. `false`
  /// (nothing delivered) when it is not a `Mutation`.
  package func replayDeliver(_ value: Any, effect: Int) -> Bool {
    guard let mutation = value as? Mutation else { return false }
    store.deliverRecordedOutput(mutation, effect: effect, storeOwner)
    return true
  }

  /// The reactor's current state, for a checkpoint (which records it when it is `Codable`).
  package var journalState: Any { currentState }
}
