/// State that only the main actor touches, stored without the run-time exclusivity checks Swift
/// makes on every access to a class's `var` (a large part of what a reactor action or a
/// coordinator's step would cost otherwise: docs/MEASUREMENTS.md).
///
/// The state the main-actor types read and write on every action or step — the reactor store's
/// queue and path, its Observation bridge's tracking, the coordinator's tree and queue, a flow
/// node's line of adapted steps, the screens' visibility and the window's visible chain, the
/// transition hold and the navigating coordinator — lives in one of these. The reactor's store and
/// its Observation bridge, the coordinator, its nodes and routes, the screens and the window read
/// and write its fields in place, `hot.value.queue` (`hot.contents` from the headless module);
/// only what is computed from them has a property of its own (the transition hold's
/// `isHolding`, the navigating coordinator's `value`). Outside the primitives that handle raw memory — the state cell, the
/// observer list and the lock, which opt out for fields of their own — this is the one type
/// through which state turns the checks off.
///
/// It is sound because only the main actor reaches a cell — it is not `Sendable`, so it can only
/// be reached through the main-actor object that owns it, and there is no concurrent access — and
/// the types that use one only read a field, write it, or mutate it in place and return: no access
/// spans a call that could reach the same field.
///
/// Package access: the headless screen tree (module ReactorFlowHeadless) keeps its hot state in
/// one too.
@usableFromInline
package final class MainActorCell<Value> {
  @exclusivity(unchecked) @usableFromInline package var value: Value

  @usableFromInline package init(_ value: Value) {
    self.value = value
  }

  /// The value, for the package's other modules (the headless screen tree). A module that reads
  /// another module's stored property checks exclusivity itself, whatever the property's
  /// attribute says (`swap` of two fields of one cell trapped as a conflict), so their accesses go
  /// through these accessors, compiled here without the checks; `@inlinable` keeps them as cheap
  /// as the direct access (see docs/MEASUREMENTS.md).
  @inlinable package var contents: Value {
    _read { yield value }
    _modify { yield &value }
  }
}
