/// Ordered adaptation: each step goes through its flow's `adapt(step:)` (synchronous, or an
/// asynchronous ``Effect`` run by the effect interpreter) and leaves in emission order, however
/// long each adaptation takes (RxFlow reorders them).
extension FlowCoordinator {
  /// Runs the flow's `adapt(step:)`; steps leave in emission order however long it takes.
  @inline(__always)
  func adapt(_ step: any Step, for node: FlowNode, origin: StepOrigin = .stepper) {
    // The usual case, kept inline: a flow with the default `adapt(step:)` (not asked again,
    // see ``DefaultAdaptation``) and nothing waiting ahead of the step.
    if node.adaptsByDefault, node.adapting.isEmpty, !node.isEnded {
      enqueue(step, for: node, origin: origin)
    } else {
      adaptInLine(step, for: node, origin: origin)
    }
  }

  /// ``adapt(_:for:origin:)``, the general case.
  func adaptInLine(_ step: any Step, for node: FlowNode, origin: StepOrigin) {
    guard !node.isEnded else {
      if origin == .stepper { report(.stepAfterEnd(step: step, flow: node.name)) }
      return
    }
    let effect: Effect<any Step>
    if node.adaptsByDefault {
      // The default `adapt(step:)` returns the step as it is: not asked again.
      effect = .just(step)
    } else {
      let (adapted, isDefault) = DefaultAdaptation.adapt(step, by: node.flow)
      if isDefault { node.adaptsByDefault = true }
      effect = adapted
    }
    if node.adapting.isEmpty {
      // Nothing waits ahead of this step: a synchronous adaptation goes straight on.
      switch effect.kind {
      case .just(let single):
        enqueue(single, for: node, origin: origin)
        return
      case .none:
        report(.filteredByAdapt(step: step, flow: node.name))
        return
      default:
        break
      }
    }
    let entry = AdaptedStep(original: step, origin: origin)
    node.adapting.append(entry)
    switch effect.kind {
    case .just(let single):
      entry.result = [single]
    case .none:
      entry.result = []
    default:
      startAdaptation(effect, entry: entry, node: node)
    }
    flushAdapted(node)
  }

  func startAdaptation(_ effect: Effect<any Step>, entry: AdaptedStep, node: FlowNode) {
    let box = UnsafeSendable(effect)
    let nodeID = node.id
    let task = Task { @MainActor [weak self, entry] in
      let collector = StepCollector()
      do {
        try await EffectDriver.drive(box.value) { collector.steps.append($0) }
        entry.result = collector.steps
      } catch {
        entry.failure = "\(error)"
        entry.result = []
      }
      if let self, let node = self.nodes[nodeID] { self.flushAdapted(node) }
    }
    node.adaptTasks[ObjectIdentifier(entry)] = task
  }

  /// Moves the adapted steps at the head of the node's line to the coordinator's queue.
  func flushAdapted(_ node: FlowNode) {
    while let head = node.adapting.first, let result = head.result {
      node.adapting.removeFirst()
      node.adaptTasks[ObjectIdentifier(head)] = nil
      if let failure = head.failure {
        report(.adaptFailed(step: head.original, flow: node.name, error: failure))
      } else if result.isEmpty {
        report(.filteredByAdapt(step: head.original, flow: node.name))
      }
      for step in result { enqueue(step, for: node, origin: head.origin) }
    }
  }
}

/// Collects the steps an asynchronous adaptation sends.
@MainActor
final class StepCollector {
  var steps: [any Step] = []
}
