/// The step that means "no navigation". Steppers may emit it; the coordinator ignores it.
public struct NoneStep: Step, Equatable {
  /// Creates the none step.
  public init() {}
}
