/// A stepper that emits no step until something accepts one on its ``steps``.
public final class DefaultStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()

  /// Creates the stepper.
  public init() {}
}
