/// Readiness: `Flows.use(…, when: .ready)` runs its block once every listed flow has handled a
/// first step; a flow that ends first drops the blocks waiting for it.
extension FlowCoordinator {
  func whenReady(_ flows: [Flow], _ run: @escaping @MainActor () -> Void) {
    readinessWaiters.append((flows.map { ObjectIdentifier($0) }, run))
  }

  /// An ended flow is never ready: the blocks waiting for it are dropped (with the flows they
  /// hold) and reported, rather than kept for the coordinator's lifetime.
  func dropReadinessWaiters(for node: FlowNode) {
    let id = ObjectIdentifier(node.flow)
    let dropped = readinessWaiters.filter { $0.flows.contains(id) }
    guard !dropped.isEmpty else { return }
    readinessWaiters.removeAll { $0.flows.contains(id) }
    for _ in dropped { report(.endedBeforeReady(flow: node.name)) }
  }

  func runReadyWaiters() {
    guard !readinessWaiters.isEmpty else { return }
    let ready = Set((root?.subtree ?? []).filter(\.isReady).map { ObjectIdentifier($0.flow) })
    let due = readinessWaiters.filter { $0.flows.allSatisfy(ready.contains) }
    readinessWaiters.removeAll { waiter in waiter.flows.allSatisfy(ready.contains) }
    // A block's misuse (a root of the wrong type) is reported on this coordinator's diagnostics.
    NavigatingCoordinator.with(self) {
      for waiter in due { waiter.run() }
    }
  }
}
