/// The tree of flows: what a flow's `navigate(to:)` returns is applied to it — child flows
/// started and ended, contributions watched and released, steps forwarded.
extension FlowCoordinator {
  /// Applies what `navigate(to:)` returned. The contributions are applied in order, each
  /// stepper's initial step queued as it connects; the forwarded steps are queued after them, in
  /// order — so a contributed stepper's initial step comes before a `.forwardToCurrentFlow` step
  /// of the same `.multiple`, as in RxFlow.
  @inline(__always)
  func apply(_ contributors: consuming FlowContributors, from node: FlowNode) {
    // Consumed, not copied (the answer holds existentials: a copy goes through value
    // witnesses); `.none`, the usual answer, costs nothing more.
    switch consume contributors {
    case .none:
      break
    case .one(let contributor):
      apply(contributor, from: node)
    case .multiple(let contributors):
      apply(contributors, from: node)
    case .end(let step):
      end(node, forwarding: step)
    }
  }

  /// Applies the contributors of a `.multiple`: the contributions first, in order, then the
  /// forwarded steps, in order.
  func apply(_ contributors: [FlowContributor], from node: FlowNode) {
    for contributor in contributors {
      if case .contribute = contributor { apply(contributor, from: node) }
    }
    for contributor in contributors {
      if case .contribute = contributor { continue }
      apply(contributor, from: node)
    }
  }

  /// Ends `node` (it returned `.end`), then sends `step` to its parent.
  func end(_ node: FlowNode, forwarding step: any Step) {
    let parent = node.parent
    end(node)
    if let parent {
      adapt(step, for: parent)
    } else {
      report(.noParentFlow(step: step, flow: node.name))
    }
  }

  func apply(_ contributor: FlowContributor, from node: FlowNode) {
    switch contributor {
    case .forwardToCurrentFlow(let step):
      adapt(step, for: node)
    case .forwardToParentFlow(let step):
      if let parent = node.parent {
        adapt(step, for: parent)
      } else {
        report(.noParentFlow(step: step, flow: node.name))
      }
    case .contribute(let presentable, let stepper, let policy, let allowWhenDismissed):
      // The flow ended while it navigated: what it contributes is dropped (and released).
      if node.isEnded { return }
      if let flow = presentable as? Flow {
        startChild(flow, stepper: stepper, under: node, allowStepWhenDismissed: allowWhenDismissed)
      } else {
        let contribution = Contribution(
          id: nextID, presentable: presentable, stepper: stepper, policy: policy,
          allowStepWhenDismissed: allowWhenDismissed)
        nextID += 1
        contributions[contribution.id] = contribution
        node.contributions.append(contribution)
        watch(contribution, of: node)
        connect(stepper, to: node, contribution: contribution)
      }
    }
  }

  func startChild(_ flow: Flow, stepper: Stepper, under parent: FlowNode, allowStepWhenDismissed: Bool) {
    let child = makeNode(flow, parent: parent)
    parent.children.append(child)
    let id = ObjectIdentifier(flow)
    if stepper.initialStep is NoneStep, readinessWaiters.contains(where: { $0.flows.contains(id) }) {
      report(.mayNeverBeReady(flow: child.name, stepper: "\(type(of: stepper))"))
    }
    // The flow ends when its root is dismissed — or, with `allowStepWhenDismissed`, when it
    // returns `.end` or its parent ends.
    if !allowStepWhenDismissed { endWhenDismissed(child) }
    connect(stepper, to: child, contribution: nil)
  }

  /// Ends `node` when its flow's root is dismissed.
  func endWhenDismissed(_ node: FlowNode) {
    let nodeID = node.id
    node.flow.onDismissed { [weak self] in
      guard let self, let node = self.nodes[nodeID] else { return }
      self.end(node)
    }
    .disposed(by: node.bag)
  }

  /// Releases a contribution when its presentable is dismissed; releases buffered steps when it
  /// becomes visible.
  func watch(_ contribution: Contribution, of node: FlowNode) {
    guard let presentable = contribution.presentable else { return }
    let (nodeID, contributionID) = (node.id, contribution.id)
    presentable.onDismissed { [weak self] in
      guard let self, let node = self.nodes[nodeID], let contribution = self.contributions[contributionID]
      else { return }
      guard contribution.allowStepWhenDismissed else {
        self.release(contribution, of: node)
        return
      }
      // Kept after dismissal: its steps reach the flow from now on, and so do those `.buffer`
      // held while it was hidden (it will never be visible again).
      let steps = contribution.buffered
      contribution.buffered.removeAll()
      for step in steps { self.adapt(step, for: node) }
    }
    .disposed(by: contribution.bag)
    if contribution.policy == .buffer {
      presentable.onVisibilityChange { [weak self] visible in
        guard visible, let self, let node = self.nodes[nodeID],
          let contribution = self.contributions[contributionID], !contribution.buffered.isEmpty
        else { return }
        let steps = contribution.buffered
        contribution.buffered.removeAll()
        for step in steps { self.adapt(step, for: node) }
      }
      .disposed(by: contribution.bag)
    }
  }

  /// Ends `node`: its children first, then its subscriptions, contributions and pending work.
  func end(_ node: FlowNode) {
    guard !node.isEnded else { return }
    node.isEnded = true
    for child in node.children { end(child) }
    node.children.removeAll()
    for contribution in node.contributions { release(contribution, of: node) }
    for task in node.adaptTasks.values { task.cancel() }
    node.adaptTasks.removeAll()
    // Steps still in `adapt(step:)`, or adapted but waiting behind one that is: never handled.
    // (A deep link skips a flow that ends while it goes round, as it does when not adapting.)
    for entry in node.adapting where entry.origin == .stepper {
      report(.endedWhileAdapting(step: entry.original, flow: node.name))
    }
    node.adapting.removeAll()
    if !readinessWaiters.isEmpty { dropReadinessWaiters(for: node) }
    node.bag.dispose()
    if root === node {
      // Kept, so that the steps its stepper still emits are reported rather than lost.
      endedRoot = (node.id, node.name, node.stepperBag)
    } else {
      node.stepperBag.dispose()
    }
    node.stepper = nil
    node.parent?.children.removeAll { $0 === node }
    if node.isNavigating {
      // Ended inside its own `navigate(to:)` (it dismissed its root, which the headless tree
      // reports at once; UIKit, after the transition): it keeps its parent until it returns, so
      // that the step it forwards (`.end(forwardToParentFlowWithStep:)`) still gets there.
      node.parentUntilNavigated = node.parent
    } else {
      node.parent = nil
    }
    nodes[node.id] = nil
    if hot.value.lastFound === node { hot.value.lastFound = nil }
    if root === node { root = nil }
  }

  func makeNode(_ flow: Flow, parent: FlowNode?) -> FlowNode {
    let node = FlowNode(id: nextID, flow: flow, parent: parent)
    LiveObjects.note(flow, "flow \(type(of: flow))")
    nextID += 1
    nodes[node.id] = node
    return node
  }

  func release(_ contribution: Contribution, of node: FlowNode) {
    contribution.bag.dispose()
    // Steps the `.buffer` policy held for a screen that will never be visible again.
    let buffered = contribution.buffered
    contribution.buffered.removeAll()
    for step in buffered {
      report(.bufferedStepDiscarded(step: step, flow: node.name, presentable: contribution.presentableName))
    }
    contributions[contribution.id] = nil
    node.contributions.removeAll { $0 === contribution }
  }
}
