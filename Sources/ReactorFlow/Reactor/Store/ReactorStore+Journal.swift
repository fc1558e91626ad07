/// The recorded path: an action or a mutation of a store a journal records (see
/// ``ReactorStore/updatePath()``), recorded, then handled as on the direct path.
extension ReactorStore {
  /// An action sent to a recorded store that has started, with no stub and no `transform` stage:
  /// recorded, then handled as on the direct path. Specialised in the sending module (a generic
  /// store's path costs several times the specialised one) but kept out of the direct path.
  @inlinable @inline(never)
  func sendRecorded(_ action: R.Action, _ reactor: R) {
    hot.value.journal?.recordAction(action, isDispatching: queue.isDispatching)
    if queue.isDispatching {
      queue.enqueue(action)
    } else {
      dispatching(reactor) { dispatch(action, reactor) }
    }
  }

  /// A mutation of a recorded store (as ``sendRecorded(_:_:)``): recorded, then reduced as on the
  /// direct path.
  @inlinable @inline(never)
  func reduceRecorded(_ mutation: R.Mutation, _ reactor: R) {
    hot.value.journal?.recordMutation(mutation)
    setState(reactor.reduce(state: state.value, mutation: mutation))
    if _slowPath(mutationObserver != nil) { mutationObserver?(mutation) }
  }
}
