extension FlowCoordinator: @preconcurrency StepReceiver {}

/// Intake: how the steps a stepper emits reach the coordinator. On the main actor, a step is
/// received before `accept` returns (unless it must wait behind others); from any other thread,
/// it goes through the inbox, and the main actor drains it.
extension FlowCoordinator {
  /// Subscribes to `stepper` for `node`, then handles its initial step and lets it emit.
  ///
  /// The initial step, and what the stepper emits while it is connected (in
  /// `readyToEmitSteps()`), go straight to the coordinator's queue: while a step is handled they
  /// come right after what is already queued — so a contributed stepper's steps come before a
  /// `.forwardToCurrentFlow` step of the same `.multiple` (RxFlow's order). Later steps are
  /// received at once on the main actor (``receiveOnMainActor(_:from:)``) and go through the
  /// inbox from any other thread.
  func connect(_ stepper: Stepper, to node: FlowNode, contribution: Contribution?) {
    if contribution == nil { node.stepper = stepper }
    LiveObjects.note(stepper, "stepper \(type(of: stepper))")
    let inbox = self.inbox
    let nodeID = node.id
    let contributionID = contribution?.id
    let route = StepRoute(receiver: self, inbox: inbox, node: nodeID, contribution: contributionID)
    let subscription = stepper.steps.subscribe(route.accept)
    if let contribution {
      subscription.disposed(by: contribution.bag)
    } else {
      subscription.disposed(by: node.stepperBag)
    }
    let initial = stepper.initialStep
    if !(initial is NoneStep) {
      receive(StepDelivery(node: nodeID, contribution: contributionID, step: initial))
    }
    stepper.readyToEmitSteps()
    // While a step is being handled, what the stepper emitted meanwhile waits in the inbox until
    // that step and everything queued behind it are done: take it out now, in order. (Otherwise
    // the inbox was drained as the steps came, and this finds nothing.)
    let emitted = inbox.take { $0.node == nodeID && $0.contribution == contributionID }
    for delivery in emitted { receive(delivery) }
  }

  /// A step a stepper emitted on the main actor: received now — the inbox stays out of the way —
  /// unless steps received earlier are still being handled (it then waits behind them, in the
  /// running drain) or steps sent from other threads wait in the inbox (it goes behind them, so
  /// that a sender that moved to the main actor keeps its order, and they are all drained now).
  @inline(__always)
  func receiveOnMainActor(_ step: any Step, from route: StepRoute) {
    if isDraining {
      route.inbox.enqueueForRunningDrain(
        StepDelivery(node: route.node, contribution: route.contribution, step: step))
      hasDeliveriesForRunningDrain = true
      return
    }
    if route.inbox.hasWaiting {
      // Drained now, with it (a drain scheduled meanwhile finds nothing).
      route.inbox.enqueueForRunningDrain(
        StepDelivery(node: route.node, contribution: route.contribution, step: step))
      drainInbox()
      return
    }
    isDraining = true
    receive(step, node: route.node, contribution: route.contribution)
    // Steps emitted on the main actor meanwhile wait in the inbox (steps from other threads
    // scheduled a drain of their own, which finds them, or nothing, later).
    if hasDeliveriesForRunningDrain { drainAll() }
    isDraining = false
  }

  /// Receives the steps steppers emitted, in order. A step emitted while this runs (by a flow
  /// handling a step) joins the inbox and is received by this same loop, after the ones before it.
  func drainInbox() {
    guard !isDraining else { return }
    isDraining = true
    drainAll()
    isDraining = false
  }

  private func drainAll() {
    while true {
      hasDeliveriesForRunningDrain = false
      inbox.takeAll(into: &drained)
      if drained.isEmpty { break }
      for delivery in drained { receive(delivery) }
      drained.removeAll(keepingCapacity: true)
    }
  }
}
