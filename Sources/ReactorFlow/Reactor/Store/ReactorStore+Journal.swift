/// The recorded path: an action or a mutation of a store a journal records (see
/// ``ReactorStore/updatePath()``), recorded, then handled as on the direct path.
extension ReactorStore {
  /// An action sent to a recorded store that has started, with no stub and no `transform` stage:
  /// recorded, then handled as on the direct path. Specialised in the sending module (a generic
  /// store's path costs several times the specialised one) but kept out of the direct path.
  @inlinable @inline(never)
  func sendRecorded(_ action: R.Action, _ reactor: R, from callSite: RecordedCallSite) {
    // The clock first: read after the journal is loaded, it is one more call made while the
    // journal is held, which costs more (docs/MEASUREMENTS.md).
    let now = ContinuousInstant.now
    hot.value.journal?.recordAction(
      action, isDispatching: hot.value.queue.isDispatching, from: callSite, at: now)
    if hot.value.queue.isDispatching {
      hot.value.queue.enqueue(action)
      return
    }
    // `dispatching`'s outermost case, written out: its closure is not inlined here.
    hot.value.queue.isDispatching = true
    dispatch(action, reactor)
    while let next = hot.value.queue.next() {
      dispatch(next, reactor)
    }
  }

  /// A mutation of a recorded store (as ``sendRecorded(_:_:)``), or of a store off the direct
  /// path that has no `transform` stage and no stub: recorded when a journal records the reactor,
  /// then reduced as on the direct path. With the `transform` pipeline's last stage, the one
  /// place a mutation is recorded.
  @inlinable @inline(never)
  func reduceRecorded(_ mutation: R.Mutation, _ reactor: R) {
    let now = ContinuousInstant.now
    hot.value.journal?.recordMutation(mutation, at: now)
    setState(reactor.reduce(state: state.value, mutation: mutation))
    if _slowPath(hot.value.mutationObserver != nil) { hot.value.mutationObserver?(mutation) }
  }
}
