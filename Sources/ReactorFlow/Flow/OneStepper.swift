/// A stepper that emits one step, its initial step, and nothing else.
public final class OneStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let singleStep: Step

  /// Creates a stepper whose only step is `singleStep`.
  public init(withSingleStep singleStep: Step) {
    self.singleStep = singleStep
  }

  /// The single step, emitted once when the stepper is connected.
  public var initialStep: Step { singleStep }
}
