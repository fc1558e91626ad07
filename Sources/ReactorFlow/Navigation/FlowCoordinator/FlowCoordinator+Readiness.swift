/// Readiness: `Flows.use(…, when: .ready)` runs its block once every listed flow has handled a
/// first step — at once if they all have already; a flow that ends first drops the blocks
/// waiting for it. Blocks registered outside `navigate(to:)` wait in `PendingReadiness`.
extension FlowCoordinator {
  func whenReady(_ flows: [Flow], _ run: @escaping @MainActor () -> Void) {
    let ids = flows.map { ObjectIdentifier($0) }
    if ids.allSatisfy(readyFlowIDs().contains) {
      // Every listed flow is ready already. (RxFlow's readiness is a one-shot event, so its
      // block would wait forever; the coordinator only looks at waiting blocks when a flow
      // becomes ready, so here it would too.)
      NavigatingCoordinator.with(self) { run() }
      return
    }
    readinessWaiters.append((ids, run))
  }

  /// The live flows that have handled a first step.
  func readyFlowIDs() -> Set<ObjectIdentifier> {
    Set((root?.subtree ?? []).filter { $0.hot.value.isReady }.map { ObjectIdentifier($0.flow) })
  }

  /// An ended flow is never ready: the blocks waiting for it are dropped (with the flows they
  /// hold) and reported, rather than kept for the coordinator's lifetime.
  func dropReadinessWaiters(for node: FlowNode) {
    guard !readinessWaiters.isEmpty else { return }
    let id = ObjectIdentifier(node.flow)
    let dropped = readinessWaiters.filter { $0.flows.contains(id) }
    guard !dropped.isEmpty else { return }
    readinessWaiters.removeAll { $0.flows.contains(id) }
    for _ in dropped { report(.endedBeforeReady(flow: node.name)) }
  }

  func runReadyWaiters() {
    if !PendingReadiness.isEmpty {
      NavigatingCoordinator.with(self) { PendingReadiness.runWaiters() }
    }
    guard !readinessWaiters.isEmpty else { return }
    let ready = readyFlowIDs()
    let due = readinessWaiters.filter { $0.flows.allSatisfy(ready.contains) }
    readinessWaiters.removeAll { waiter in waiter.flows.allSatisfy(ready.contains) }
    // A block's misuse (a root of the wrong type) is reported on this coordinator's diagnostics.
    NavigatingCoordinator.with(self) {
      for waiter in due { waiter.run() }
    }
  }
}
