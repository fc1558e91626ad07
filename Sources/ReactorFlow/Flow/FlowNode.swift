/// A flow under coordination: its place in the tree of flows, what it contributed, and its
/// steps waiting for `adapt(step:)`.
@MainActor
final class FlowNode {
  /// The coordinator's key for this node: deliveries and callbacks refer to it by id, so the
  /// node is never weakly referenced (which would slow every retain of it).
  let id: Int
  let flow: any Flow
  /// The parent outlives its children: ending a node ends its children first.
  unowned(safe) var parent: FlowNode?
  /// Child flows, in creation order.
  var children: [FlowNode] = []
  @exclusivity(unchecked) var isReady = false
  @exclusivity(unchecked) var isEnded = false
  /// Subscriptions that end with the flow: its steppers, its root's dismissal.
  let bag = DisposeBag()
  /// The stepper the flow was started with, kept alive while the flow runs.
  var stepper: Stepper?
  /// Presentable/stepper pairs contributed to this flow, released on dismissal or at the end.
  var contributions: [Contribution] = []
  /// Steps in emission order, waiting for their adaptation to resolve.
  @exclusivity(unchecked) var adapting: [AdaptedStep] = []
  var adaptTasks: [Task<Void, Never>] = []

  init(id: Int, flow: any Flow, parent: FlowNode?) {
    self.id = id
    self.flow = flow
    self.parent = parent
  }

  deinit {
    // Released with its coordinator while adapting: the work is cancelled, not left running
    // (holding what it captured) for the life of the process.
    for task in adaptTasks { task.cancel() }
  }

  var name: String { "\(type(of: flow))" }
}

/// A step on its way through `adapt(step:)`: pending until the adaptation resolves.
final class AdaptedStep {
  let original: any Step
  /// Sent to every live flow (a deep link): a flow that ends before it is handled skips it.
  let broadcast: Bool
  /// `nil` while adapting; then the steps to handle (possibly none).
  var result: [any Step]?
  var failure: String?

  init(original: any Step, broadcast: Bool) {
    self.original = original
    self.broadcast = broadcast
  }
}

/// A presentable and stepper pair contributed to a flow.
@MainActor
final class Contribution {
  let id: Int
  weak var presentable: Presentable?
  let presentableName: String
  let stepper: Stepper
  let policy: HiddenStepPolicy
  let allowStepWhenDismissed: Bool
  let bag = DisposeBag()
  /// Steps held by the `.buffer` policy until the presentable is visible.
  var buffered: [any Step] = []
  /// The first step passes whatever the visibility (RxFlow's rule).
  var hasEmitted = false

  init(
    id: Int, presentable: Presentable, stepper: Stepper, policy: HiddenStepPolicy,
    allowStepWhenDismissed: Bool
  ) {
    self.id = id
    self.presentable = presentable
    self.presentableName = "\(type(of: presentable))"
    self.stepper = stepper
    self.policy = policy
    self.allowStepWhenDismissed = allowStepWhenDismissed
  }
}

/// A step emitted by a stepper, on its way to the main actor: the ids of the flow node and of
/// the contribution (`-1` for none) it came through.
struct StepDelivery: Sendable {
  let node: Int
  let contribution: Int
  let step: any Step
}
