/// State that only the main actor touches, stored without the run-time exclusivity checks Swift
/// makes on every access to a class's `var` (measured: a third of what a reactor action costs,
/// and as much of a coordinator's step).
///
/// The state the main-actor types read and write on every action or step — the reactor store's
/// queue and flags, the coordinator's tree and queue, a flow node's line of adapted steps, the
/// screens' visibility and the window's visible chain — lives in one of these; they forward to it
/// with computed properties. This is the one place in the library that turns the checks off. It
/// is sound because only the main actor reaches a cell — it is not `Sendable`, so it can only be
/// reached through the main-actor object that owns it, and there is no concurrent access — and the
/// types that use one only read a field, write it, or mutate it in place and return: no access
/// spans a call that could reach the same field.
@usableFromInline
final class MainActorCell<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline init(_ value: Value) {
    self.value = value
  }
}
