/// RxFlow's default stepper: emits ``RxFlowStep/home`` once, when it is connected.
///
/// It is what ``FlowCoordinator/coordinate(flow:with:allowStepWhenDismissed:)`` uses when no
/// stepper is given. For a stepper that emits nothing by itself, use ``NoneStepper``.
public final class DefaultStepper: OneStepper {
  /// Creates the stepper.
  public init() {
    super.init(withSingleStep: RxFlowStep.home)
  }
}
