/// Combines steppers: first the initial steps of all of them, in order, then every later step of
/// any of them, as it comes.
public final class CompositeStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let innerSteppers: [Stepper]
  private let disposeBag = DisposeBag()

  /// Creates a stepper combining `steppers`.
  public init(steppers: [Stepper]) {
    self.innerSteppers = steppers
  }

  /// Emits the initial steps of the combined steppers, then relays their later steps.
  public func readyToEmitSteps() {
    for stepper in innerSteppers where !(stepper.initialStep is NoneStep) {
      steps.accept(stepper.initialStep)
    }
    for stepper in innerSteppers {
      stepper.steps.subscribe { [steps] step in steps.accept(step) }.disposed(by: disposeBag)
      stepper.readyToEmitSteps()
    }
  }
}
