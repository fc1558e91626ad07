/// A `merge` in progress: the walk that goes on once its branches have finished.
@MainActor
final class EffectJoin<Element> {
  var remaining: Int
  /// The walk to go on with once the last branch ends.
  var parent: EffectWalker<Element>?
  let parentJoin: EffectJoin<Element>?

  init(remaining: Int, parent: EffectWalker<Element>, parentJoin: EffectJoin<Element>?) {
    self.remaining = remaining
    self.parent = parent
    self.parentJoin = parentJoin
  }
}
