/// `Flows.use(…, when: .ready)` called outside `navigate(to:)` — in an app's set-up, before a
/// coordinator runs the flows: as in RxFlow, the block waits until every listed flow has handled
/// a first step, whichever coordinator runs it.
///
/// A waiting block holds its flows weakly (the flows' owner decides their lifetime, as RxFlow's
/// readiness subscription did not keep them either): a flow released before it was ready drops
/// the blocks that wait for it.
@MainActor
enum PendingReadiness {
  private struct Waiter {
    let flows: [WeakFlow]
    let run: @MainActor ([Flow]) -> Void
  }

  private final class WeakFlow {
    weak var flow: Flow?
    init(_ flow: Flow) { self.flow = flow }
  }

  private static var waiters: [Waiter] = []
  /// The coordinators alive, to find flows that are ready already.
  private static var coordinators: [WeakCoordinator] = []

  private final class WeakCoordinator {
    weak var coordinator: FlowCoordinator?
    init(_ coordinator: FlowCoordinator) { self.coordinator = coordinator }
  }

  static func register(_ coordinator: FlowCoordinator) {
    coordinators.removeAll { $0.coordinator == nil }
    coordinators.append(WeakCoordinator(coordinator))
  }

  /// Runs `run` with `flows` once they are all ready: at once if they are already (in the
  /// coordinators alive), else when a coordinator finds them ready.
  static func add(_ flows: [Flow], _ run: @escaping @MainActor ([Flow]) -> Void) {
    if Set(flows.map { ObjectIdentifier($0) }).isSubset(of: readyFlowIDs) {
      run(flows)
      return
    }
    waiters.append(Waiter(flows: flows.map(WeakFlow.init), run: run))
  }

  /// Whether blocks wait: the coordinator's check costs nothing when none do.
  static var isEmpty: Bool { waiters.isEmpty }

  /// The flows ready in every coordinator alive.
  private static var readyFlowIDs: Set<ObjectIdentifier> {
    coordinators.compactMap(\.coordinator).reduce(into: []) { $0.formUnion($1.readyFlowIDs()) }
  }

  /// Runs the blocks whose flows are all ready (in any coordinator: two flows may run under two),
  /// and drops those whose flows are gone.
  static func runWaiters() {
    let ready = readyFlowIDs
    var due: [(Waiter, [Flow])] = []
    waiters.removeAll { waiter in
      let flows = waiter.flows.compactMap(\.flow)
      guard flows.count == waiter.flows.count else { return true }
      guard flows.allSatisfy({ ready.contains(ObjectIdentifier($0)) }) else { return false }
      due.append((waiter, flows))
      return true
    }
    for (waiter, flows) in due { waiter.run(flows) }
  }
}
