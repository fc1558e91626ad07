/// The parts of a `concat`, a `merge`, or the one effect a `cancellable` names.
///
/// A class so that releasing a tree does not recurse: folded 100,000 deep (`items.reduce(.none)
/// { .merge($0, load($1)) }`), a tree released one call deeper per level overflows a stack
/// (1 MB on iOS's main thread). Its `deinit` takes apart the parts that nothing else holds on an
/// explicit stack.
@usableFromInline
final class EffectParts<Element> {
  private(set) var effects: [Effect<Element>]

  init(_ effects: [Effect<Element>]) { self.effects = effects }

  deinit {
    var stack = effects
    effects = []
    while var effect = stack.popLast() {
      var parts: EffectParts
      switch effect.kind {
      case .concat(let held), .merge(let held), .identified(let held, _, _): parts = held
      default: continue
      }
      effect = .none
      // Parts something else still holds are not taken apart: they stay whole for their holder.
      guard isKnownUniquelyReferenced(&parts) else { continue }
      stack.append(contentsOf: parts.effects)
      parts.effects = []
    }
  }
}
