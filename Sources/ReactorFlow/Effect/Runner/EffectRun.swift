/// What the branches of one run share once it has gone asynchronous or branched.
@MainActor
final class EffectRun {
  let scope: EffectScope
  let onFinish: (@MainActor ((any Error)?) -> Void)?
  /// Branches not finished yet (a branch waiting for a `merge` to end counts).
  var live = 1
  var failure: (any Error)?
  /// The run's number among its owner's, when its owner numbers them (see ``EffectOwner/numberRun()``).
  var number: Int?

  init(scope: EffectScope, onFinish: (@MainActor ((any Error)?) -> Void)?) {
    self.scope = scope
    self.onFinish = onFinish
  }
}
