extension FlowCoordinator: @preconcurrency StepReceiver {}

/// Intake: how the steps a stepper emits reach the coordinator. On the main actor, a step is
/// received before `accept` returns (unless it must wait behind others); from any other thread,
/// it goes through the inbox, and the main actor drains it.
extension FlowCoordinator {
  /// Subscribes `route` to `stepper` (for its node, and its contribution if any), then handles
  /// its initial step and lets it emit.
  ///
  /// The initial step is received at once. What the stepper emits while it is connected (in
  /// `readyToEmitSteps()`) is received as it comes — or, while a step is being received, waits
  /// in the inbox and is taken out right after. Either way, while a step is handled they are
  /// queued right after what is already queued — so a contributed stepper's steps come before a
  /// `.forwardToCurrentFlow` step of the same `.multiple` (RxFlow's order). Later steps are
  /// received at once on the main actor (``receiveOnMainActor(_:from:)``) and go through the
  /// inbox from any other thread.
  func connect(_ stepper: Stepper, through route: StepRoute) {
    LiveObjects.note(stepper, "stepper \(type(of: stepper))")
    // Recording, the route reads where each step was accepted (the relay then keeps it: see
    // `PublishRelay.subscribeReadingCallSites`); otherwise the relay's delivery is left as it is.
    let subscription =
      hot.value.recorder == nil
      ? stepper.steps.subscribe(route.accept)
      : stepper.steps.subscribeReadingCallSites { [route] in route.accept($0, from: $1) }
    subscription.disposed(by: route.contribution?.bag ?? route.node.stepperBag)
    let initial = stepper.initialStep
    if !(initial is NoneStep) { receive(initial, through: route, callSite: .unknown) }
    stepper.readyToEmitSteps()
    // While a step is being handled, what the stepper emitted meanwhile waits in the inbox until
    // that step and everything queued behind it are done: take it out now, in order. (Otherwise
    // the inbox was drained as the steps came, and this finds nothing.)
    let emitted = inbox.take { $0.route === route }
    for delivery in emitted { receive(delivery) }
  }

  /// A step a stepper emitted on the main actor: received now — the inbox stays out of the way —
  /// or queued for the running drain, or behind the steps waiting in the inbox, as
  /// ``StepIntake`` decides.
  @inline(__always)
  func receiveOnMainActor(_ step: any Step, from route: StepRoute, callSite: RecordedCallSite) {
    switch hot.value.intake.stepEmitted(inboxHasWaiting: inbox.hasWaiting) {
    case .receiveNow:
      receive(step, through: route, callSite: callSite)
      // Steps emitted on the main actor meanwhile wait in the inbox (steps from other threads
      // scheduled a drain of their own, which finds them, or nothing, later).
      if hot.value.intake.received() == .drain { drainAll() }
    case .joinRunningDrain:
      inbox.enqueueForRunningDrain(StepDelivery(route: route, step: step, callSite: callSite))
    case .drainFirst:
      // Drained now, with it (a drain scheduled meanwhile finds nothing).
      inbox.enqueueForRunningDrain(StepDelivery(route: route, step: step, callSite: callSite))
      drainAll()
    }
  }

  func receive(_ delivery: StepDelivery) {
    receive(delivery.step, through: delivery.route, callSite: delivery.callSite)
  }

  /// Receives a step emitted through `route`, accepted at `callSite`: for its node, from its
  /// contribution (or the flow's own stepper). ``NoneStep``s were left out before
  /// (``StepRoute``, `connect`).
  @inline(__always)
  func receive(_ step: any Step, through route: StepRoute, callSite: RecordedCallSite) {
    switch route.connection.value {
    case .connected:
      break
    case .released:
      // The flow ended, or the contribution was released (its presentable dismissed), while the
      // step was on its way: reported, never silently lost.
      report(.stepAfterRelease(step: step))
      return
    case .rootEnded(let flow):
      report(.stepAfterRootFlowEnded(step: step, flow: flow))
      return
    }
    if let recorder = hot.value.recorder { record(step, from: route, at: callSite, into: recorder) }
    let node = route.node
    if let contribution = route.contribution, !contribution.admit(step, for: node, in: self) { return }
    node.adapt(step, in: self)
  }

  /// Receives the steps steppers emitted, in order. A step emitted while this runs (by a flow
  /// handling a step) joins the inbox and is received by this same loop, after the ones before it.
  func drainInbox() {
    if hot.value.intake.drainScheduled() { drainAll() }
  }

  /// Drains the inbox until it is empty, then the intake is idle.
  private func drainAll() {
    while true {
      inbox.takeAll(into: &drained)
      if drained.isEmpty { break }
      for delivery in drained { receive(delivery) }
      drained.removeAll(keepingCapacity: true)
    }
    hot.value.intake.drained()
  }
}

/// How the inbox's drain finds its coordinator: made before the coordinator (the inbox is one
/// of its constants), pointed at it once it exists, and weak, so that the drain a sender
/// scheduled keeps nothing alive.
@MainActor
final class InboxDrainTarget {
  weak var coordinator: FlowCoordinator?
}
