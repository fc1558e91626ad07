/// A flow under coordination, and the work it owns: its place in the tree of flows, its stepper
/// and route, what it contributed (and the steps they hold), its line of steps waiting for
/// `adapt(step:)`, whether it is ready, and its end.
@MainActor
final class FlowNode {
  let flow: any Flow
  /// The coordinator that made the node, which owns it (through the tree of flows): read only
  /// while the coordinator handles a step for it (``NavigatingCoordinator``).
  unowned(safe) let coordinator: FlowCoordinator
  /// The parent outlives its children: ending a node ends its children first.
  unowned(safe) var parent: FlowNode?
  /// The parent of a flow that ended during its own `navigate(to:)` (it dismissed its root),
  /// held until `navigate(to:)` returns: what the flow forwards still reaches it.
  var parentUntilNavigated: FlowNode?
  /// Child flows, in creation order.
  var children: [FlowNode] = []
  /// What every step reads and writes (see ``MainActorCell``).
  struct HotState {
    var isReady = false
    var isEnded = false
    /// Whether the flow is in its `navigate(to:)` now.
    var isNavigating = false
    /// Whether the flow keeps the default `adapt(step:)` (see ``DefaultAdaptation``): its steps
    /// then go on as they are, without the call. Known from the start for a flow of a type
    /// found keeping it before; else found with its first step.
    var adaptsByDefault = false
    var adapting: [AdaptedStep] = []
  }
  let hot = MainActorCell(HotState())
  /// Subscriptions that end with the flow: its root's dismissal (a contribution's watchers are in
  /// the contribution's own bag, disposed when it is released).
  let bag = DisposeBag()
  /// The subscription to the flow's own stepper. Disposed when the flow ends — except for the
  /// root flow, whose later steps the coordinator still receives, to report them.
  let stepperBag = DisposeBag()
  /// The stepper the flow was started with, kept alive while the flow runs.
  var stepper: Stepper?
  /// Where the steps of the flow's own stepper go; set once, by the coordinator that made the
  /// node (the route refers back to it).
  var route: StepRoute?
  /// Presentable/stepper pairs contributed to this flow, released on dismissal or at the end.
  var contributions: [Contribution] = []
  /// The runner of the flow's asynchronous adaptations (see ``adapt(_:origin:in:)``), and its
  /// registry of tasks — apart, for the `deinit`: made with the first such adaptation.
  var adaptationRunnerStorage: EffectRunner<any Step>?
  var adaptationTasks: TaskRegistryLock?
  /// Where the flow sits, for a journal: set when it starts under a recording coordinator.
  var journalSource: JournalSource?
  /// The flow's place among its parent's children of its type: see ``ordinal(among:)``.
  var ordinal = 0

  /// The ordinal of a new child flow of type `flowType`.
  func childOrdinal(for flowType: any Flow.Type) -> Int {
    Self.ordinal(among: children.lazy.filter { type(of: $0.flow) == flowType }.map(\.ordinal))
  }

  /// The ordinal of a new contribution whose stepper is of type `stepperType`.
  func contributionOrdinal(for stepperType: any Stepper.Type) -> Int {
    Self.ordinal(among: contributions.lazy.filter { type(of: $0.stepper) == stepperType }.map(\.ordinal))
  }

  /// The smallest ordinal no live sibling holds. Never a running sibling's: counting the live
  /// siblings gave a new one the name of a running one once an earlier one had ended. An ended
  /// sibling's name is given again, so that a journal maps onto a relaunched app whose user
  /// closed a screen and opened it again (the live instances' history need not be the recorded
  /// one's; at any moment a name still names one instance).
  static func ordinal(among taken: some Sequence<Int>) -> Int {
    let taken = Set(taken)
    var ordinal = 0
    while taken.contains(ordinal) { ordinal += 1 }
    return ordinal
  }

  init(flow: any Flow, parent: FlowNode?, coordinator: FlowCoordinator) {
    self.flow = flow
    self.coordinator = coordinator
    self.parent = parent
    hot.value.adaptsByDefault = DefaultAdaptation.isKnown(flow)
  }

  deinit {
    // Released with its coordinator while adapting: the work is cancelled, not left running
    // (holding what it captured) for the life of the process.
    adaptationTasks?.release()
  }

  var name: String { "\(type(of: flow))" }

  /// This node and every node under it, parent before children, children in creation order —
  /// the walk every reader of the tree uses (``end(in:)`` ends the children itself, first).
  var subtree: [FlowNode] {
    var result: [FlowNode] = []
    func visit(_ node: FlowNode) {
      result.append(node)
      node.children.forEach(visit)
    }
    visit(self)
    return result
  }

  /// Ends the flow: its children first, then its contributions, its pending work and its
  /// subscriptions; its routes report the steps that still come (see ``StepRoute``).
  func end(in coordinator: FlowCoordinator) {
    guard !hot.value.isEnded else { return }
    hot.value.isEnded = true
    for child in children { child.end(in: coordinator) }
    children.removeAll()
    let released = contributions
    for contribution in released { release(contribution, in: coordinator) }
    // Its adaptations' tasks are cancelled, and their runs' later work is dropped.
    adaptationTasks?.release()
    // Steps still in `adapt(step:)`, or adapted but waiting behind one that is: never handled.
    // (A deep link skips a flow that ends while it goes round, as it does when not adapting.)
    for entry in hot.value.adapting where entry.origin == .stepper {
      coordinator.report(.endedWhileAdapting(step: entry.original, flow: name))
    }
    hot.value.adapting.removeAll()
    coordinator.dropReadinessWaiters(for: self)
    bag.dispose()
    if coordinator.root === self {
      // Kept, so that the steps its stepper (and its contributions) still emit are reported
      // rather than lost.
      let routes = ([route] + released.map(\.route)).compactMap { $0 }
      for route in routes { route.connection.value = .rootEnded(flow: name) }
      coordinator.endedRoot = EndedRoot(name: name, stepperBag: stepperBag, routes: routes)
      coordinator.root = nil
    } else {
      stepperBag.dispose()
      route?.connection.value = .released
    }
    stepper = nil
    parent?.children.removeAll { $0 === self }
    if hot.value.isNavigating {
      // Ended inside its own `navigate(to:)` (it dismissed its root, which the headless tree
      // reports at once; UIKit, after the transition): it keeps its parent until it returns, so
      // that the step it forwards (`.end(forwardToParentFlowWithStep:)`) still gets there.
      parentUntilNavigated = parent
    } else {
      parent = nil
    }
  }

  /// Releases `contribution` (its presentable was dismissed, or the flow ends): its
  /// subscriptions end, and the steps it held are reported.
  func release(_ contribution: Contribution, in coordinator: FlowCoordinator) {
    contribution.bag.dispose()
    contribution.route?.connection.value = .released
    // Steps the `.buffer` policy held for a screen that will never be visible again.
    let buffered = contribution.buffered
    contribution.buffered.removeAll()
    for step in buffered {
      coordinator.report(
        .bufferedStepDiscarded(step: step, flow: name, presentable: contribution.presentableName))
    }
    contributions.removeAll { $0 === contribution }
  }
}

/// The root flow that ended (its root dismissed, or `.end`): its name, the subscription to its
/// stepper and its routes, kept until the next root flow starts so that its later steps, and
/// deep links, are reported instead of lost.
struct EndedRoot {
  let name: String
  let stepperBag: DisposeBag
  let routes: [StepRoute]
}
