/// Combines steppers: first the initial steps of all of them, in order, then every later step of
/// any of them, as it comes.
///
/// Open, as in RxFlow: a subclass can give the combination an initial step of its own (emitted
/// before those of the combined steppers) or emit more in ``readyToEmitSteps()`` (call `super`).
///
/// ```swift
/// final class DashboardStepper: CompositeStepper {
///   override var initialStep: Step { AppStep.dashboardIsRequired }
/// }
/// ```
open class CompositeStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let innerSteppers: [Stepper]
  private let disposeBag = DisposeBag()

  /// Creates a stepper combining `steppers`.
  public init(steppers: [Stepper]) {
    self.innerSteppers = steppers
  }

  /// No initial step of its own by default (``NoneStep``); a subclass may give one.
  open var initialStep: Step { NoneStep() }

  /// Emits the initial steps of the combined steppers, then relays their later steps.
  open func readyToEmitSteps() {
    for stepper in innerSteppers where !(stepper.initialStep is NoneStep) {
      steps.acceptWithoutCallSite(stepper.initialStep)
    }
    for stepper in innerSteppers {
      // Each step relayed with where it was accepted, for a recording coordinator.
      stepper.steps.subscribeReadingCallSites { [steps] step, callSite in steps.accept(step, from: callSite) }
        .disposed(by: disposeBag)
      stepper.readyToEmitSteps()
    }
  }
}
