/// What the branches of one run share once it has gone asynchronous or branched.
@MainActor
final class EffectRun {
  let scope: EffectScope
  let onFinish: (@MainActor ((any Error)?) -> Void)?
  /// Branches not finished yet (a branch waiting for a `merge` to end counts).
  var live = 1
  var failure: (any Error)?

  init(scope: EffectScope, onFinish: (@MainActor ((any Error)?) -> Void)?) {
    self.scope = scope
    self.onFinish = onFinish
  }
}

/// A `merge` in progress: the walk that goes on once its branches have finished.
@MainActor
final class EffectJoin<Element> {
  var remaining: Int
  let parent: EffectWalker<Element>
  let parentJoin: EffectJoin<Element>?

  init(remaining: Int, parent: EffectWalker<Element>, parentJoin: EffectJoin<Element>?) {
    self.remaining = remaining
    self.parent = parent
    self.parentJoin = parentJoin
  }
}
