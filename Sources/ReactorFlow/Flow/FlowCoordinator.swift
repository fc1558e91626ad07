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
  static var navigating: FlowCoordinator?

  /// Each step just before its flow handles it.
  public let willNavigate = PublishRelay<NavigationEvent>()
  /// Each step just after its flow handled it.
  public let didNavigate = PublishRelay<NavigationEvent>()
  /// Steps dropped or not handled, and misuse — each with what to do about it. When nothing
  /// observes it, diagnostics go to ``ReactorFlowDiagnostics``.
  public let diagnostics = PublishRelay<FlowDiagnostic>()

  private var root: FlowNode?
  private var queue = ActionQueue<(node: FlowNode, step: any Step)>()
  private var pendingDeepLinks: [any Step] = []
  private var readinessWaiters: [(flows: [ObjectIdentifier], run: @MainActor () -> Void)] = []
  private lazy var inbox = ActionInbox<StepDelivery> { [weak self] inbox in
    onMainActor { self?.receive(inbox.takeAll()) }
  }

  /// Creates a coordinator.
  public init() {
    recordMainThread()
  }

  // MARK: - Public API

  /// Starts `flow` as the root flow; `stepper` emits its steps (its initial step first).
  public func coordinate(flow: Flow, with stepper: Stepper = DefaultStepper()) {
    if let root {
      end(root)
      self.root = nil
    }
    let node = FlowNode(flow: flow, parent: nil)
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
    Self.onMain(willNavigate, handler)
  }

  /// Calls `handler` on the main actor just after each step is handled.
  public func onDidNavigate(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> Subscription {
    Self.onMain(didNavigate, handler)
  }

  /// Calls `handler` on the main actor with each diagnostic.
  public func onDiagnostic(_ handler: @escaping @MainActor (FlowDiagnostic) -> Void) -> Subscription {
    Self.onMain(diagnostics, handler)
  }

  /// The coordinator's relays only ever send on the main actor.
  private static func onMain<Element>(
    _ relay: PublishRelay<Element>, _ handler: @escaping @MainActor (Element) -> Void
  ) -> Subscription {
    relay.subscribe { element in MainActor.assumeIsolated { handler(element) } }
  }

  // MARK: - Intake

  private func deliverDeepLink(_ step: any Step) {
    var nodes: [FlowNode] = []
    func visit(_ node: FlowNode) {
      nodes.append(node)
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    for node in nodes { adapt(step, for: node) }
  }

  /// Subscribes to `stepper` for `node`, then handles its initial step and lets it emit.
  private func connect(_ stepper: Stepper, to node: FlowNode, contribution: Contribution?) {
    if contribution == nil { node.stepper = stepper }
    let inbox = self.inbox
    stepper.steps.subscribe { [weak node, weak contribution] step in
      inbox.enqueue(StepDelivery(node: node, contribution: contribution, step: step))
    }
    .disposed(by: contribution?.bag ?? node.bag)
    let initial = stepper.initialStep
    if !(initial is NoneStep) {
      inbox.enqueue(StepDelivery(node: node, contribution: contribution, step: initial))
    }
    stepper.readyToEmitSteps()
  }

  private func receive(_ deliveries: [StepDelivery]) {
    for delivery in deliveries {
      guard let node = delivery.node else { continue }
      if delivery.step is NoneStep { continue }
      if let contribution = delivery.contribution, !admit(delivery.step, from: contribution, in: node) {
        continue
      }
      adapt(delivery.step, for: node)
    }
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
  private func adapt(_ step: any Step, for node: FlowNode) {
    guard !node.isEnded else {
      report(.stepAfterEnd(step: step, flow: node.name))
      return
    }
    let entry = AdaptedStep(original: step)
    node.adapting.append(entry)
    let effect = node.flow.adapt(step: step)
    switch effect.kind {
    case .just(let adapted):
      entry.result = [adapted]
    case .none:
      entry.result = []
    default:
      startAdaptation(effect, entry: entry, node: node)
    }
    flushAdapted(node)
  }

  private func startAdaptation(_ effect: Effect<any Step>, entry: AdaptedStep, node: FlowNode) {
    let box = UnsafeSendable(effect)
    let task = Task { @MainActor [weak self, weak node, entry] in
      let collector = StepCollector()
      do {
        try await EffectDriver.drive(box.value) { collector.steps.append($0) }
        entry.result = collector.steps
      } catch {
        entry.failure = "\(error)"
        entry.result = []
      }
      if let self, let node { self.flushAdapted(node) }
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
      for step in result { enqueue(step, for: node) }
    }
  }

  // MARK: - Handling

  private func enqueue(_ step: any Step, for node: FlowNode) {
    guard queue.begin((node, step)) else { return }
    handle(node, step)
    while let (node, step) = queue.next() { handle(node, step) }
  }

  private func handle(_ node: FlowNode, _ step: any Step) {
    guard !node.isEnded else {
      report(.stepAfterEnd(step: step, flow: node.name))
      return
    }
    let event = NavigationEvent(flow: node.flow, step: step)
    willNavigate.accept(event)
    let previous = Self.navigating
    Self.navigating = self
    let contributors = node.flow.navigate(to: step)
    Self.navigating = previous
    didNavigate.accept(event)
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
          presentable: presentable, stepper: stepper, policy: policy,
          allowStepWhenDismissed: allowWhenDismissed)
        node.contributions.append(contribution)
        watch(contribution, of: node)
        connect(stepper, to: node, contribution: contribution)
      }
    }
  }

  private func startChild(_ flow: Flow, stepper: Stepper, under parent: FlowNode) {
    let child = FlowNode(flow: flow, parent: parent)
    parent.children.append(child)
    let id = ObjectIdentifier(flow)
    if stepper.initialStep is NoneStep, readinessWaiters.contains(where: { $0.flows.contains(id) }) {
      report(.mayNeverBeReady(flow: child.name, stepper: "\(type(of: stepper))"))
    }
    // The flow ends when its root is dismissed.
    flow.onDismissed { [weak self, weak child] in
      guard let self, let child, !child.isEnded else { return }
      self.end(child)
    }
    .disposed(by: child.bag)
    connect(stepper, to: child, contribution: nil)
  }

  /// Releases a contribution when its presentable is dismissed; releases buffered steps when it
  /// becomes visible.
  private func watch(_ contribution: Contribution, of node: FlowNode) {
    guard let presentable = contribution.presentable else { return }
    presentable.onDismissed { [weak node, weak contribution] in
      guard let node, let contribution, !contribution.allowStepWhenDismissed else { return }
      contribution.bag.dispose()
      node.contributions.removeAll { $0 === contribution }
    }
    .disposed(by: contribution.bag)
    if contribution.policy == .buffer {
      presentable.onVisibilityChange { [weak self, weak node, weak contribution] visible in
        guard visible, let self, let node, let contribution, !contribution.buffered.isEmpty else { return }
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
    for contribution in node.contributions { contribution.bag.dispose() }
    node.contributions.removeAll()
    for task in node.adaptTasks { task.cancel() }
    node.adaptTasks.removeAll()
    node.adapting.removeAll()
    node.bag.dispose()
    node.stepper = nil
    node.parent?.children.removeAll { $0 === node }
    if root === node { root = nil }
  }

  // MARK: - Readiness

  func whenReady(_ flows: [Flow], _ run: @escaping @MainActor () -> Void) {
    readinessWaiters.append((flows.map { ObjectIdentifier($0) }, run))
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
    if diagnostics.subscriberCount > 0 {
      diagnostics.accept(diagnostic)
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
