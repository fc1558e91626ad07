/// A step on its way through `adapt(step:)`: pending until the adaptation resolves.
@MainActor
final class AdaptedStep {
  let original: any Step
  /// Where it came from: a deep link is skipped silently by a flow that ends first.
  let origin: StepOrigin
  /// The steps an asynchronous adaptation sent so far, in order.
  var sent: [any Step] = []
  /// `nil` while adapting; then the steps to handle (possibly none).
  var result: [any Step]?
  var failure: String?

  init(original: any Step, origin: StepOrigin) {
    self.original = original
    self.origin = origin
  }

  /// The adaptation ended: its steps go on, or none if it failed (`failure`).
  func resolve(failure: (any Error)?) {
    if let failure {
      self.failure = "\(failure)"
      result = []
    } else {
      result = sent
    }
    sent = []
  }
}
