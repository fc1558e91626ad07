/// The asynchronous adaptations of the nodes' lines (see ``FlowNode/adapt(_:origin:in:)``): each
/// runs in a task of its own, which hands the steps back to the node's line when it is done.
extension FlowCoordinator {
  func startAdaptation(_ effect: Effect<any Step>, entry: AdaptedStep, node: FlowNode) {
    let box = UnsafeSendable(effect)
    let task = Task { @MainActor [weak self, weak node, entry] in
      let collector = StepCollector()
      do {
        try await EffectDriver.drive(box.value) { collector.steps.append($0) }
        entry.result = collector.steps
      } catch {
        entry.failure = "\(error)"
        entry.result = []
      }
      if let self, let node, !node.isEnded { node.flushAdapted(in: self) }
    }
    node.adaptTasks[ObjectIdentifier(entry)] = task
  }
}

/// Collects the steps an asynchronous adaptation sends.
@MainActor
final class StepCollector {
  var steps: [any Step] = []
}
