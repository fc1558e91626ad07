/// A flow under coordination: its place in the tree of flows, what it contributed, and its
/// steps waiting for `adapt(step:)`.
@MainActor
final class FlowNode {
  let flow: any Flow
  weak var parent: FlowNode?
  /// Child flows, in creation order.
  var children: [FlowNode] = []
  var isReady = false
  var isEnded = false
  /// Subscriptions that end with the flow: its steppers, its root's dismissal.
  let bag = DisposeBag()
  /// The stepper the flow was started with, kept alive while the flow runs.
  var stepper: Stepper?
  /// Presentable/stepper pairs contributed to this flow, released on dismissal or at the end.
  var contributions: [Contribution] = []
  /// Steps in emission order, waiting for their adaptation to resolve.
  var adapting: [AdaptedStep] = []
  var adaptTasks: [Task<Void, Never>] = []

  init(flow: any Flow, parent: FlowNode?) {
    self.flow = flow
    self.parent = parent
  }

  var name: String { "\(type(of: flow))" }
}

/// A step on its way through `adapt(step:)`: pending until the adaptation resolves.
final class AdaptedStep {
  let original: any Step
  /// `nil` while adapting; then the steps to handle (possibly none).
  var result: [any Step]?
  var failure: String?

  init(original: any Step) { self.original = original }
}

/// A presentable and stepper pair contributed to a flow.
@MainActor
final class Contribution {
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
    presentable: Presentable, stepper: Stepper, policy: HiddenStepPolicy, allowStepWhenDismissed: Bool
  ) {
    self.presentable = presentable
    self.presentableName = "\(type(of: presentable))"
    self.stepper = stepper
    self.policy = policy
    self.allowStepWhenDismissed = allowStepWhenDismissed
  }
}

/// A step emitted by a stepper, on its way to the main actor.
struct StepDelivery: Sendable {
  weak var node: FlowNode?
  weak var contribution: Contribution?
  let step: any Step
}
