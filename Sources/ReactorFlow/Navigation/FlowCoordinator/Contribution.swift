/// A presentable and stepper pair contributed to a flow, and the steps its visibility policy
/// holds.
@MainActor
final class Contribution {
  weak var presentable: Presentable?
  let presentableName: String
  let stepper: Stepper
  let policy: HiddenStepPolicy
  let allowStepWhenDismissed: Bool
  let bag = DisposeBag()
  /// Where its stepper's steps go; set once, by the coordinator that connects it (the route
  /// refers back to it).
  var route: StepRoute?
  /// Steps held by the `.buffer` policy until the presentable is visible.
  var buffered: [any Step] = []
  /// The first step passes whatever the visibility (RxFlow's rule).
  var hasEmitted = false
  /// Where its stepper sits, for a journal: set when it is contributed under a recording
  /// coordinator.
  var journalSource: JournalSource?
  /// Its place among its flow's contributions with a stepper of its type (see
  /// `FlowNode.ordinal(among:)`).
  var ordinal = 0

  init(presentable: Presentable, stepper: Stepper, policy: HiddenStepPolicy, allowStepWhenDismissed: Bool) {
    self.presentable = presentable
    self.presentableName = "\(type(of: presentable))"
    self.stepper = stepper
    self.policy = policy
    self.allowStepWhenDismissed = allowStepWhenDismissed
  }

  /// Applies the visibility policy (see ``Admission``) to a step its stepper emitted for the
  /// flow `node`: `true` when the step goes on now; a held step waits here, a dropped one is
  /// reported.
  func admit(_ step: any Step, for node: FlowNode, in coordinator: FlowCoordinator) -> Bool {
    let isFirst = !hasEmitted
    hasEmitted = true
    // A pair kept with `allowStepWhenDismissed` passes once its presentable is dismissed,
    // whether or not something still holds the presentable (released, it is `nil`).
    let isVisible = presentable.map { $0.isVisible || (allowStepWhenDismissed && $0.isDismissed) } ?? true
    switch policy.admission(isFirst: isFirst, isVisible: isVisible) {
    case .handle:
      return true
    case .hold:
      buffered.append(step)
      return false
    case .drop:
      coordinator.report(.droppedStep(step: step, flow: node.name, presentable: presentableName))
      return false
    }
  }

  /// The steps held until now, handed on (its presentable became visible, or was dismissed
  /// with `allowStepWhenDismissed`).
  func takeBuffered() -> [any Step] {
    let steps = buffered
    buffered.removeAll()
    return steps
  }
}

/// What a contribution's visibility policy does with a step its stepper emitted.
enum Admission: Equatable {
  /// The step goes on to `adapt(step:)` now.
  case handle
  /// The step waits until the presentable is visible again (`.buffer`).
  case hold
  /// The step is dropped and reported (`.drop`, RxFlow's default).
  case drop
}

extension HiddenStepPolicy {
  /// The decision for one step: a contribution's first step passes whatever the visibility
  /// (RxFlow's rule), and so does every step while the presentable is visible; otherwise the
  /// policy decides. A pure function: ``Contribution/admit(_:for:in:)`` carries out what it
  /// returns.
  func admission(isFirst: Bool, isVisible: Bool) -> Admission {
    if isFirst || isVisible { return .handle }
    switch self {
    case .deliver: return .handle
    case .buffer: return .hold
    case .drop: return .drop
    }
  }
}
