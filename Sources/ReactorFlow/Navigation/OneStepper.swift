/// A stepper that emits one step, its initial step, and nothing else by itself (steps accepted
/// on ``steps`` still go to the flow).
///
/// Open, so that a stepper can start from one step and add behaviour (``DefaultStepper`` and
/// ``NoneStepper`` are subclasses).
open class OneStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let singleStep: Step

  /// Creates a stepper whose only step is `singleStep`.
  public init(withSingleStep singleStep: Step) {
    self.singleStep = singleStep
  }

  /// The single step, emitted once when the stepper is connected.
  open var initialStep: Step { singleStep }

  /// Does nothing by default; a subclass may emit more steps here.
  open func readyToEmitSteps() {}
}
