/// A flow under coordination: its place in the tree of flows, what it contributed, and its
/// steps waiting for `adapt(step:)`.
@MainActor
final class FlowNode {
  /// The coordinator's key for this node: deliveries and callbacks refer to it by id, so the
  /// node is never weakly referenced (which would slow every retain of it).
  let id: Int
  let flow: any Flow
  /// The parent outlives its children: ending a node ends its children first.
  unowned(safe) var parent: FlowNode?
  /// The parent of a flow that ended during its own `navigate(to:)` (it dismissed its root),
  /// held until `navigate(to:)` returns: what the flow forwards still reaches it.
  var parentUntilNavigated: FlowNode?
  /// Child flows, in creation order.
  var children: [FlowNode] = []
  /// What every step reads and writes (see ``MainActorCell``).
  private struct HotState {
    var isReady = false
    var isEnded = false
    /// Whether the flow is in its `navigate(to:)` now.
    var isNavigating = false
    /// Whether the flow keeps the default `adapt(step:)` (see ``DefaultAdaptation``): its steps
    /// then go on as they are, without the call.
    var adaptsByDefault = false
    var adapting: [AdaptedStep] = []
  }
  private let hot = MainActorCell(HotState())
  var isReady: Bool {
    get { hot.value.isReady }
    set { hot.value.isReady = newValue }
  }
  var isEnded: Bool {
    get { hot.value.isEnded }
    set { hot.value.isEnded = newValue }
  }
  var isNavigating: Bool {
    get { hot.value.isNavigating }
    set { hot.value.isNavigating = newValue }
  }
  var adaptsByDefault: Bool {
    get { hot.value.adaptsByDefault }
    set { hot.value.adaptsByDefault = newValue }
  }
  /// Subscriptions that end with the flow: its root's dismissal, its contributions' watchers.
  let bag = DisposeBag()
  /// The subscription to the flow's own stepper. Disposed when the flow ends — except for the
  /// root flow, whose later steps the coordinator still receives, to report them.
  let stepperBag = DisposeBag()
  /// The stepper the flow was started with, kept alive while the flow runs.
  var stepper: Stepper?
  /// Presentable/stepper pairs contributed to this flow, released on dismissal or at the end.
  var contributions: [Contribution] = []
  /// Steps in emission order, waiting for their adaptation to resolve.
  var adapting: [AdaptedStep] {
    _read { yield hot.value.adapting }
    _modify { yield &hot.value.adapting }
  }
  /// The tasks of the asynchronous adaptations still in the line, by entry: one leaves with its
  /// entry, so the dictionary does not grow while the flow lives.
  var adaptTasks: [ObjectIdentifier: Task<Void, Never>] = [:]

  init(id: Int, flow: any Flow, parent: FlowNode?) {
    self.id = id
    self.flow = flow
    self.parent = parent
  }

  deinit {
    // Released with its coordinator while adapting: the work is cancelled, not left running
    // (holding what it captured) for the life of the process.
    for task in adaptTasks.values { task.cancel() }
  }

  var name: String { "\(type(of: flow))" }

  /// This node and every node under it, parent before children, children in creation order —
  /// the one walk of the tree.
  var subtree: [FlowNode] {
    var result: [FlowNode] = []
    func visit(_ node: FlowNode) {
      result.append(node)
      node.children.forEach(visit)
    }
    visit(self)
    return result
  }
}
