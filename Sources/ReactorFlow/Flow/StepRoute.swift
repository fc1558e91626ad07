/// Where the steps of one subscribed stepper go: the flow node (and the contribution) they are
/// for, and the coordinator that receives them — weakly, since the subscription outlives nothing
/// it should not keep.
///
/// Called on the sender's thread. On the main actor, the step goes to the coordinator at once
/// (through ``StepReceiver``, whose conformance checks the isolation the way Swift checks any
/// `@preconcurrency` conformance: one executor check, no allocation, unlike
/// `MainActor.assumeIsolated` with a closure); from any other thread, it goes through the inbox.
final class StepRoute: @unchecked Sendable {
  // Immutable after `init`: safe to read from any thread (a weak load is atomic).
  let inbox: MainActorInbox<StepDelivery>
  let node: Int
  let contribution: Int?
  @exclusivity(unchecked) private weak var receiver: (any StepReceiver)?

  init(receiver: any StepReceiver, inbox: MainActorInbox<StepDelivery>, node: Int, contribution: Int?) {
    self.receiver = receiver
    self.inbox = inbox
    self.node = node
    self.contribution = contribution
  }

  /// Sends `step` on its way, from any thread.
  func accept(_ step: any Step) {
    // A stepper's way of emitting nothing: never goes further.
    if type(of: step) == NoneStep.self { return }
    guard isOnMainActor() else {
      inbox.enqueue(StepDelivery(node: node, contribution: contribution, step: step))
      return
    }
    // The coordinator is gone: nothing is left to handle the step, or to report it to.
    receiver?.receiveOnMainActor(step, from: self)
  }
}

/// What receives the steps emitted on the main actor (the coordinator). Its requirement is
/// nonisolated; the coordinator's main-actor witness is reached through a `@preconcurrency`
/// conformance, which checks the executor once — called only once ``isOnMainActor()`` said yes.
protocol StepReceiver: AnyObject, Sendable {
  /// Receives `step`, emitted through `route` (for its flow node and contribution); the caller
  /// runs on the main actor.
  func receiveOnMainActor(_ step: any Step, from route: StepRoute)
}
