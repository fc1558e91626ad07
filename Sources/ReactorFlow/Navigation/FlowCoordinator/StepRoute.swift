/// Where the steps of one subscribed stepper go: the flow node (and the contribution) they are
/// for, and the coordinator that receives them.
///
/// The route refers to its node and contribution without owning them: they own the stepper,
/// whose subscription holds the route, so a strong reference back would be a cycle. The node
/// and the contribution outlive their route's use — a node disconnects its routes when it ends,
/// a contribution when it is released (``connection``), and a route reaches them only while
/// connected; a coordinator released with its flows running releases them after it is gone,
/// and the route looks for the coordinator first. Nor does it hold the coordinator's inbox: a
/// delivery waiting there holds its route, so the route reaches the inbox through the
/// coordinator (held weakly), and a coordinator released with steps waiting takes them along.
///
/// Called on the sender's thread. On the main actor, the step goes to the coordinator at once
/// (through ``StepReceiver``, whose conformance checks the isolation the way Swift checks any
/// `@preconcurrency` conformance: one executor check, no allocation, unlike
/// `MainActor.assumeIsolated` with a closure); from any other thread, it goes through the inbox.
final class StepRoute: @unchecked Sendable {
  // Immutable after `init`: safe to read from any thread (a weak load is atomic). `node` and
  // `contribution` are read on the main actor only, once ``connection`` said they are connected.
  unowned(safe) let node: FlowNode
  /// The contribution whose stepper this is; `nil` for a flow's own stepper.
  var contribution: Contribution? { isContributed ? contributed : nil }
  // Loading an `unowned(safe)` optional retains it even when it is `nil`: a flow's own stepper,
  // which has no contribution, skips the load.
  private let isContributed: Bool
  private unowned(safe) let contributed: Contribution?
  private weak let receiver: (any StepReceiver)?
  /// Main actor only: whether the node and contribution still take steps (see ``StepRoute``),
  /// read and written in place (`route.connection.value`).
  let connection = MainActorCell(State.connected)

  /// What becomes of a step that comes through the route.
  enum State: Equatable {
    /// The node and contribution take it.
    case connected
    /// Its node ended, or its contribution was released: reported.
    case released
    /// It came for the root flow, which ended: reported as such until another root flow starts.
    case rootEnded(flow: String)
  }

  init(
    receiver: any StepReceiver, node: FlowNode, contribution: Contribution?
  ) {
    self.receiver = receiver
    self.node = node
    self.isContributed = contribution != nil
    self.contributed = contribution
  }

  /// Sends `step` on its way, from any thread.
  func accept(_ step: any Step) {
    accept(step, from: .unknown)
  }

  /// Sends `step`, accepted at `callSite`, on its way, from any thread (a recording coordinator's
  /// subscription, which reads where each step was accepted).
  func accept(_ step: any Step, from callSite: RecordedCallSite) {
    // A stepper's way of emitting nothing: never goes further.
    if type(of: step) == NoneStep.self { return }
    guard isOnMainActor() else {
      // The coordinator is gone with its inbox: nothing is left to handle the step.
      receiver?.inbox.enqueue(StepDelivery(route: self, step: step, callSite: callSite))
      return
    }
    // The coordinator is gone: nothing is left to handle the step, or to report it to.
    receiver?.receiveOnMainActor(step, from: self, callSite: callSite)
  }
}

/// What receives the steps emitted on the main actor (the coordinator). Its requirement is
/// nonisolated; the coordinator's main-actor witness is reached through a `@preconcurrency`
/// conformance, which checks the executor once — called only once ``isOnMainActor()`` said yes.
protocol StepReceiver: AnyObject, Sendable {
  /// Where the steps emitted off the main actor wait for it; read from any thread.
  var inbox: MainActorInbox<StepDelivery> { get }

  /// Receives `step`, emitted through `route` (for its flow node and contribution) and accepted
  /// at `callSite`; the caller runs on the main actor.
  func receiveOnMainActor(_ step: any Step, from route: StepRoute, callSite: RecordedCallSite)
}
