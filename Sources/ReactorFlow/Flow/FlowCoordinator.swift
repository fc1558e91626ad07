/// Drives flows: subscribes to steppers, hands each step to its flow, starts and ends child flows,
/// releases what is dismissed, and reports will/did-navigate.
///
/// ```swift
/// let coordinator = FlowCoordinator()
/// coordinator.didNavigate.subscribe { print("did navigate:", $0) }.disposed(by: bag)
/// coordinator.coordinate(flow: AppFlow(window: window), with: AppStepper())
/// ```
///
/// Steps are handled one at a time, first in first out, on the main actor; a step emitted while
/// another is handled is queued. See the "Navigation semantics" article.
@MainActor
public final class FlowCoordinator {
  /// The coordinator whose flow is in `navigate(to:)` right now (for `Flows.use(…, when: .ready)`).
  @exclusivity(unchecked) static var navigating: FlowCoordinator?

  /// Each step just before its flow handles it. Read-only: only the coordinator sends.
  public nonisolated var willNavigate: FlowEvents<NavigationEvent> { FlowEvents(relay: willNavigateRelay) }
  /// Each step just after its flow handled it. Read-only: only the coordinator sends.
  public nonisolated var didNavigate: FlowEvents<NavigationEvent> { FlowEvents(relay: didNavigateRelay) }
  /// Steps dropped or not handled, and misuse — each with what to do about it. When nothing
  /// observes it, diagnostics go to ``ReactorFlowDiagnostics``. Read-only: only the coordinator
  /// sends.
  public nonisolated var diagnostics: FlowEvents<FlowDiagnostic> { FlowEvents(relay: diagnosticsRelay) }

  // Sent on the main actor only, by the coordinator: the event handlers rely on it.
  private nonisolated let willNavigateRelay = PublishRelay<NavigationEvent>()
  private nonisolated let didNavigateRelay = PublishRelay<NavigationEvent>()
  private nonisolated let diagnosticsRelay = PublishRelay<FlowDiagnostic>()

  // Main-actor state, touched on every step: no runtime exclusivity checks needed.
  @exclusivity(unchecked) private var root: FlowNode?
  /// Live nodes and contributions by id.
  @exclusivity(unchecked) private var nodes: [Int: FlowNode] = [:]
  @exclusivity(unchecked) private var contributions: [Int: Contribution] = [:]
  private var nextID = 0
  @exclusivity(unchecked) private var queue = ActionQueue<(node: FlowNode, step: any Step, broadcast: Bool)>()
  private var pendingDeepLinks: [any Step] = []
  private var readinessWaiters: [(flows: [ObjectIdentifier], run: @MainActor () -> Void)] = []
  private lazy var inbox = ActionInbox<StepDelivery> { [weak self] _ in
    onMainActor { self?.drainInbox() }
  }
  /// The deliveries being received; swapped with the inbox's buffer (no allocation once warm).
  @exclusivity(unchecked) private var drained: [StepDelivery] = []
  @exclusivity(unchecked) private var isDraining = false

  /// Creates a coordinator.
  public init() {
    LiveObjects.note(self, "FlowCoordinator")
  }

  // MARK: - Public API

  /// Starts `flow` as the root flow; `stepper` emits its steps (its initial step first).
  public func coordinate(flow: Flow, with stepper: Stepper = DefaultStepper()) {
    if let root {
      end(root)
      self.root = nil
    }
    let node = makeNode(flow, parent: nil)
    root = node
    connect(stepper, to: node, contribution: nil)
    let links = pendingDeepLinks
    pendingDeepLinks.removeAll()
    for step in links { deliverDeepLink(step) }
  }

  /// Sends `step` to every live flow — parent before children, children in creation order.
  /// Before ``coordinate(flow:with:)``, the step waits and is sent once the root flow starts.
  public func navigate(to step: Step) {
    if root == nil {
      pendingDeepLinks.append(step)
    } else {
      deliverDeepLink(step)
    }
  }

  /// The live flows, parent before children, children in creation order.
  public var flows: [any Flow] {
    var result: [any Flow] = []
    func visit(_ node: FlowNode) {
      result.append(node.flow)
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    return result
  }

  /// How many steps wait to be handled (queued, or waiting for an asynchronous `adapt`).
  public var pendingSteps: Int {
    var adapting = 0
    func visit(_ node: FlowNode) {
      adapting += node.adapting.count
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    return queue.count + adapting
  }

  /// Calls `handler` on the main actor just before each step is handled.
  public func onWillNavigate(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> Subscription {
    willNavigate.subscribe(handler)
  }

  /// Calls `handler` on the main actor just after each step is handled.
  public func onDidNavigate(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> Subscription {
    didNavigate.subscribe(handler)
  }

  /// Calls `handler` on the main actor with each diagnostic.
  public func onDiagnostic(_ handler: @escaping @MainActor (FlowDiagnostic) -> Void) -> Subscription {
    diagnostics.subscribe(handler)
  }

  // MARK: - Intake

  private func deliverDeepLink(_ step: any Step) {
    var nodes: [FlowNode] = []
    func visit(_ node: FlowNode) {
      nodes.append(node)
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    // A flow that ends while the step goes round (its parent dismissed it) is no longer live:
    // it is skipped, not reported.
    for node in nodes { adapt(step, for: node, broadcast: true) }
  }

  /// Subscribes to `stepper` for `node`, then handles its initial step and lets it emit.
  private func connect(_ stepper: Stepper, to node: FlowNode, contribution: Contribution?) {
    if contribution == nil { node.stepper = stepper }
    LiveObjects.note(stepper, "stepper \(type(of: stepper))")
    let inbox = self.inbox
    let nodeID = node.id
    let contributionID = contribution?.id ?? -1
    stepper.steps.subscribe { step in
      inbox.enqueue(StepDelivery(node: nodeID, contribution: contributionID, step: step))
    }
    .disposed(by: contribution?.bag ?? node.bag)
    let initial = stepper.initialStep
    if !(initial is NoneStep) {
      inbox.enqueue(StepDelivery(node: nodeID, contribution: contributionID, step: initial))
    }
    stepper.readyToEmitSteps()
  }

  /// Receives the steps steppers emitted, in order. A step emitted while this runs (by a flow
  /// handling a step) joins the inbox and is received by this same loop, after the ones before it.
  private func drainInbox() {
    guard !isDraining else { return }
    isDraining = true
    while true {
      inbox.takeAll(into: &drained)
      if drained.isEmpty { break }
      for delivery in drained { receive(delivery) }
      drained.removeAll(keepingCapacity: true)
    }
    isDraining = false
  }

  private func receive(_ delivery: StepDelivery) {
    if type(of: delivery.step) == NoneStep.self { return }
    // The flow ended, or the contribution was released (its presentable dismissed), while the
    // step was on its way: reported, never silently lost.
    guard let node = nodes[delivery.node] else {
      report(.stepAfterRelease(step: delivery.step))
      return
    }
    if delivery.contribution >= 0 {
      guard let contribution = contributions[delivery.contribution] else {
        report(.stepAfterRelease(step: delivery.step))
        return
      }
      if !admit(delivery.step, from: contribution, in: node) { return }
    }
    adapt(delivery.step, for: node)
  }

  /// Applies the contribution's visibility policy; `true` when the step goes on now.
  private func admit(_ step: any Step, from contribution: Contribution, in node: FlowNode) -> Bool {
    defer { contribution.hasEmitted = true }
    guard contribution.hasEmitted, let presentable = contribution.presentable,
      !presentable.isVisible
    else { return true }
    switch contribution.policy {
    case .deliver:
      return true
    case .buffer:
      contribution.buffered.append(step)
      return false
    case .drop:
      report(.droppedStep(step: step, flow: node.name, presentable: contribution.presentableName))
      return false
    }
  }

  /// Runs the flow's `adapt(step:)`; steps leave in emission order however long it takes.
  private func adapt(_ step: any Step, for node: FlowNode, broadcast: Bool = false) {
    guard !node.isEnded else {
      if !broadcast { report(.stepAfterEnd(step: step, flow: node.name)) }
      return
    }
    let effect = node.flow.adapt(step: step)
    let single: (any Step)? = if case .just(let adapted) = effect.kind { adapted } else { nil }
    if node.adapting.isEmpty {
      // Nothing waits ahead of this step: a synchronous adaptation goes straight on.
      if let single {
        enqueue(single, for: node, broadcast: broadcast)
        return
      }
      if effect.isNone {
        report(.filteredByAdapt(step: step, flow: node.name))
        return
      }
    }
    let entry = AdaptedStep(original: step, broadcast: broadcast)
    node.adapting.append(entry)
    if let single {
      entry.result = [single]
    } else if effect.isNone {
      entry.result = []
    } else {
      startAdaptation(effect, entry: entry, node: node)
    }
    flushAdapted(node)
  }

  private func startAdaptation(_ effect: Effect<any Step>, entry: AdaptedStep, node: FlowNode) {
    let box = UnsafeSendable(effect)
    let nodeID = node.id
    let task = Task { @MainActor [weak self, entry] in
      let collector = StepCollector()
      do {
        try await EffectDriver.drive(box.value) { collector.steps.append($0) }
        entry.result = collector.steps
      } catch {
        entry.failure = "\(error)"
        entry.result = []
      }
      if let self, let node = self.nodes[nodeID] { self.flushAdapted(node) }
    }
    node.adaptTasks.append(task)
  }

  /// Moves the adapted steps at the head of the node's line to the coordinator's queue.
  private func flushAdapted(_ node: FlowNode) {
    while let head = node.adapting.first, let result = head.result {
      node.adapting.removeFirst()
      if let failure = head.failure {
        report(.adaptFailed(step: head.original, flow: node.name, error: failure))
      } else if result.isEmpty {
        report(.filteredByAdapt(step: head.original, flow: node.name))
      }
      for step in result { enqueue(step, for: node, broadcast: head.broadcast) }
    }
  }

  // MARK: - Handling

  private func enqueue(_ step: any Step, for node: FlowNode, broadcast: Bool = false) {
    guard queue.begin((node, step, broadcast)) else { return }
    handle(node, step, broadcast: broadcast)
    while let (node, step, broadcast) = queue.next() { handle(node, step, broadcast: broadcast) }
  }

  private func handle(_ node: FlowNode, _ step: any Step, broadcast: Bool) {
    guard !node.isEnded else {
      if !broadcast { report(.stepAfterEnd(step: step, flow: node.name)) }
      return
    }
    // Events are built only for an observer.
    if willNavigateRelay.hasSubscribers {
      willNavigateRelay.accept(NavigationEvent(flow: node.flow, step: step))
    }
    let previous = Self.navigating
    Self.navigating = self
    let contributors = node.flow.navigate(to: step)
    Self.navigating = previous
    if didNavigateRelay.hasSubscribers {
      didNavigateRelay.accept(NavigationEvent(flow: node.flow, step: step))
    }
    apply(contributors, from: node)
    if !node.isReady && !node.isEnded {
      node.isReady = true
      runReadyWaiters()
    }
  }

  private func apply(_ contributors: FlowContributors, from node: FlowNode) {
    switch contributors {
    case .none:
      break
    case .one(let contributor):
      apply(contributor, from: node)
    case .multiple(let contributors):
      for contributor in contributors { apply(contributor, from: node) }
    case .end(let step):
      let parent = node.parent
      end(node)
      if let parent {
        adapt(step, for: parent)
      } else {
        report(.noParentFlow(step: step, flow: node.name))
      }
    }
  }

  private func apply(_ contributor: FlowContributor, from node: FlowNode) {
    switch contributor {
    case .forwardToCurrentFlow(let step):
      adapt(step, for: node)
    case .forwardToParentFlow(let step):
      if let parent = node.parent {
        adapt(step, for: parent)
      } else {
        report(.noParentFlow(step: step, flow: node.name))
      }
    case .contribute(let presentable, let stepper, let policy, let allowWhenDismissed):
      if let flow = presentable as? Flow {
        startChild(flow, stepper: stepper, under: node)
      } else {
        let contribution = Contribution(
          id: nextID, presentable: presentable, stepper: stepper, policy: policy,
          allowStepWhenDismissed: allowWhenDismissed)
        nextID += 1
        contributions[contribution.id] = contribution
        node.contributions.append(contribution)
        watch(contribution, of: node)
        connect(stepper, to: node, contribution: contribution)
      }
    }
  }

  private func startChild(_ flow: Flow, stepper: Stepper, under parent: FlowNode) {
    let child = makeNode(flow, parent: parent)
    parent.children.append(child)
    let id = ObjectIdentifier(flow)
    if stepper.initialStep is NoneStep, readinessWaiters.contains(where: { $0.flows.contains(id) }) {
      report(.mayNeverBeReady(flow: child.name, stepper: "\(type(of: stepper))"))
    }
    // The flow ends when its root is dismissed.
    let childID = child.id
    flow.onDismissed { [weak self] in
      guard let self, let child = self.nodes[childID] else { return }
      self.end(child)
    }
    .disposed(by: child.bag)
    connect(stepper, to: child, contribution: nil)
  }

  /// Releases a contribution when its presentable is dismissed; releases buffered steps when it
  /// becomes visible.
  private func watch(_ contribution: Contribution, of node: FlowNode) {
    guard let presentable = contribution.presentable else { return }
    let (nodeID, contributionID) = (node.id, contribution.id)
    presentable.onDismissed { [weak self] in
      guard let self, let node = self.nodes[nodeID], let contribution = self.contributions[contributionID],
        !contribution.allowStepWhenDismissed
      else { return }
      self.release(contribution, of: node)
    }
    .disposed(by: contribution.bag)
    if contribution.policy == .buffer {
      presentable.onVisibilityChange { [weak self] visible in
        guard visible, let self, let node = self.nodes[nodeID],
          let contribution = self.contributions[contributionID], !contribution.buffered.isEmpty
        else { return }
        let steps = contribution.buffered
        contribution.buffered.removeAll()
        for step in steps { self.adapt(step, for: node) }
      }
      .disposed(by: contribution.bag)
    }
  }

  /// Ends `node`: its children first, then its subscriptions, contributions and pending work.
  private func end(_ node: FlowNode) {
    guard !node.isEnded else { return }
    node.isEnded = true
    for child in node.children { end(child) }
    node.children.removeAll()
    for contribution in node.contributions { release(contribution, of: node) }
    for task in node.adaptTasks { task.cancel() }
    node.adaptTasks.removeAll()
    // Steps still in `adapt(step:)`, or adapted but waiting behind one that is: never handled.
    // (A deep link skips a flow that ends while it goes round, as it does when not adapting.)
    for entry in node.adapting where !entry.broadcast {
      report(.endedWhileAdapting(step: entry.original, flow: node.name))
    }
    node.adapting.removeAll()
    if !readinessWaiters.isEmpty { dropReadinessWaiters(for: node) }
    node.bag.dispose()
    node.stepper = nil
    node.parent?.children.removeAll { $0 === node }
    node.parent = nil
    nodes[node.id] = nil
    if root === node { root = nil }
  }

  private func makeNode(_ flow: Flow, parent: FlowNode?) -> FlowNode {
    let node = FlowNode(id: nextID, flow: flow, parent: parent)
    LiveObjects.note(flow, "flow \(type(of: flow))")
    nextID += 1
    nodes[node.id] = node
    return node
  }

  private func release(_ contribution: Contribution, of node: FlowNode) {
    contribution.bag.dispose()
    // Steps the `.buffer` policy held for a screen that will never be visible again.
    let buffered = contribution.buffered
    contribution.buffered.removeAll()
    for step in buffered {
      report(.bufferedStepDiscarded(step: step, flow: node.name, presentable: contribution.presentableName))
    }
    contributions[contribution.id] = nil
    node.contributions.removeAll { $0 === contribution }
  }

  // MARK: - Readiness

  func whenReady(_ flows: [Flow], _ run: @escaping @MainActor () -> Void) {
    readinessWaiters.append((flows.map { ObjectIdentifier($0) }, run))
  }

  /// An ended flow is never ready: the blocks waiting for it are dropped (with the flows they
  /// hold) and reported, rather than kept for the coordinator's lifetime.
  private func dropReadinessWaiters(for node: FlowNode) {
    let id = ObjectIdentifier(node.flow)
    let dropped = readinessWaiters.filter { $0.flows.contains(id) }
    guard !dropped.isEmpty else { return }
    readinessWaiters.removeAll { $0.flows.contains(id) }
    for _ in dropped { report(.endedBeforeReady(flow: node.name)) }
  }

  private func runReadyWaiters() {
    guard !readinessWaiters.isEmpty else { return }
    var ready = Set<ObjectIdentifier>()
    func visit(_ node: FlowNode) {
      if node.isReady { ready.insert(ObjectIdentifier(node.flow)) }
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    let due = readinessWaiters.filter { $0.flows.allSatisfy(ready.contains) }
    readinessWaiters.removeAll { waiter in waiter.flows.allSatisfy(ready.contains) }
    for waiter in due { waiter.run() }
  }

  // MARK: - Diagnostics

  func report(_ diagnostic: FlowDiagnostic) {
    if diagnosticsRelay.hasSubscribers {
      diagnosticsRelay.accept(diagnostic)
    } else {
      ReactorFlowDiagnostics.emit(diagnostic.description)
    }
  }
}

/// Collects the steps an asynchronous adaptation sends.
@MainActor
final class StepCollector {
  var steps: [any Step] = []
}
