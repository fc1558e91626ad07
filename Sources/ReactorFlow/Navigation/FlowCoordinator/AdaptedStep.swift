/// A step on its way through `adapt(step:)`: pending until the adaptation resolves.
final class AdaptedStep {
  let original: any Step
  /// Where it came from: a deep link is skipped silently by a flow that ends first.
  let origin: StepOrigin
  /// `nil` while adapting; then the steps to handle (possibly none).
  var result: [any Step]?
  var failure: String?

  init(original: any Step, origin: StepOrigin) {
    self.original = original
    self.origin = origin
  }
}
