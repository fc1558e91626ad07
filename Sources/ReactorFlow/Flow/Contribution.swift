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
