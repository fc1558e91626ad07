/// A `merge` in progress: the walk that goes on once its branches have finished.
@MainActor
final class EffectJoin<Element> {
  var remaining: Int
  /// Whether the branches are still being started: the walk that starts them goes on by itself
  /// if they all end meanwhile.
  var isStarting = false
  /// The walk to go on with once the last branch ends (set when a branch outlives the start).
  var parent: EffectWalker<Element>?
  let parentJoin: EffectJoin<Element>?

  init(remaining: Int, parentJoin: EffectJoin<Element>?) {
    self.remaining = remaining
    self.parentJoin = parentJoin
  }
}
