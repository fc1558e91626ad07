/// Which flows keep the default `adapt(step:)` — found out by the default implementation itself,
/// which notes the flow it runs for.
///
/// A flow's `adapt(step:)` is the witness of its conformance to ``Flow``, fixed for its type: if
/// the default implementation ran for this very flow when the coordinator asked it to adapt a
/// step, it always will, and it always returns the step as it is — and so it does for every flow
/// of its type. The coordinator then skips the call and the ``Effect`` it builds for the flow's
/// later steps, and for every step of a flow of that type made later. (A custom `adapt` that
/// hands the step to another flow's default notes that other flow, not this one.)
@MainActor
enum DefaultAdaptation {
  private static let lastNoted = MainActorCell<ObjectIdentifier?>(nil)
  /// The flow types found keeping the default (a generic flow's each specialization apart).
  private static let defaultTypes = MainActorCell<Set<ObjectIdentifier>>([])

  /// Whether flows of `flow`'s type were found keeping the default `adapt(step:)`.
  static func isKnown(_ flow: any Flow) -> Bool {
    defaultTypes.value.contains(ObjectIdentifier(type(of: flow)))
  }

  /// Called by the default `adapt(step:)`.
  static func note(_ flow: some Flow) {
    lastNoted.value = ObjectIdentifier(flow)
  }

  /// Asks `flow` to adapt `step`; `isDefault` when the default implementation answered, for
  /// `flow` itself.
  static func adapt(_ step: any Step, by flow: any Flow) -> (effect: Effect<any Step>, isDefault: Bool) {
    lastNoted.value = nil
    let effect = flow.adapt(step: step)
    guard lastNoted.value == ObjectIdentifier(flow) else { return (effect, false) }
    defaultTypes.value.insert(ObjectIdentifier(type(of: flow)))
    return (effect, true)
  }
}
