/// One open ``Effect/cancellable(id:cancelInFlight:)`` scope, or the anonymous scope of a whole
/// run: a number the task registry knows it by.
struct EffectScope: Hashable, Sendable {
  let number: Int
}
