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
    node.end(in: self)
    if let parent {
      parent.adapt(step, in: self)
    } else {
      report(.noParentFlow(step: step, flow: node.name))
    }
  }

  func apply(_ contributor: FlowContributor, from node: FlowNode) {
    switch contributor {
    case .forwardToCurrentFlow(let step):
      node.adapt(step, in: self)
    case .forwardToParentFlow(let step):
      if let parent = node.parent {
        parent.adapt(step, in: self)
      } else {
        report(.noParentFlow(step: step, flow: node.name))
      }
    case .contribute(let presentable, let stepper, let policy, let allowWhenDismissed):
      // The flow ended while it navigated: what it contributes is dropped (and released).
      if node.hot.value.isEnded { return }
      if let flow = presentable as? Flow {
        startChild(flow, stepper: stepper, under: node, allowStepWhenDismissed: allowWhenDismissed)
      } else {
        let contribution = Contribution(
          presentable: presentable, stepper: stepper, policy: policy,
          allowStepWhenDismissed: allowWhenDismissed)
        let route = StepRoute(receiver: self, node: node, contribution: contribution)
        contribution.route = route
        contribution.ordinal = node.contributionOrdinal(for: type(of: stepper))
        if let recorder = hot.value.recorder { record(contribution, of: node, into: recorder) }
        node.contributions.append(contribution)
        watch(contribution, through: route)
        connect(stepper, through: route)
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
    connect(stepper, to: child)
  }

  /// Ends `node` when its flow's root is dismissed.
  func endWhenDismissed(_ node: FlowNode) {
    guard let route = node.route else { return }
    // The route, not the node: it tells whether the node still runs (see ``StepRoute``).
    node.flow.onDismissed { [weak self, route] in
      guard let self, route.connection.value == .connected else { return }
      route.node.end(in: self)
    }
    .disposed(by: node.bag)
  }

  /// Releases a contribution when its presentable is dismissed; releases buffered steps when it
  /// becomes visible.
  func watch(_ contribution: Contribution, through route: StepRoute) {
    guard let presentable = contribution.presentable else { return }
    presentable.onDismissed { [weak self, route] in
      guard let self, route.connection.value == .connected, let contribution = route.contribution else {
        return
      }
      let node = route.node
      guard contribution.allowStepWhenDismissed else {
        node.release(contribution, in: self)
        return
      }
      // Kept after dismissal: its steps reach the flow from now on, and so do those `.buffer`
      // held while it was hidden (it will never be visible again).
      for step in contribution.takeBuffered() { node.adapt(step, in: self) }
    }
    .disposed(by: contribution.bag)
    if contribution.policy == .buffer {
      presentable.onVisibilityChange { [weak self, route] visible in
        guard visible, let self, route.connection.value == .connected, let contribution = route.contribution,
          !contribution.buffered.isEmpty
        else { return }
        for step in contribution.takeBuffered() { route.node.adapt(step, in: self) }
      }
      .disposed(by: contribution.bag)
    }
  }

  /// Makes the node of `flow`, and the route of its own stepper.
  func makeNode(_ flow: Flow, parent: FlowNode?) -> FlowNode {
    let node = FlowNode(flow: flow, parent: parent, coordinator: self)
    node.ordinal = parent?.childOrdinal(for: type(of: flow)) ?? 0
    if hot.value.recorder != nil { node.journalSource = journalSource(of: node) }
    LiveObjects.note(flow, "flow \(type(of: flow))")
    node.route = StepRoute(receiver: self, node: node, contribution: nil)
    return node
  }

  /// Connects the flow's own stepper.
  func connect(_ stepper: Stepper, to node: FlowNode) {
    node.stepper = stepper
    guard let route = node.route else { return }
    connect(stepper, through: route)
  }
}
