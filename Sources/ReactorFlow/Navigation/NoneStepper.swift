/// A stepper that emits no step by itself: it has no initial step, and the flow receives only
/// what is accepted on its ``OneStepper/steps``.
///
/// ```swift
/// let stepper = NoneStepper()
/// let contributors = FlowContributors.one(
///   flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
/// // later:
/// stepper.steps.accept(AppStep.detailIsRequired)
/// ```
public final class NoneStepper: OneStepper {
  /// Creates the stepper.
  public init() {
    super.init(withSingleStep: NoneStep())
  }
}
