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
  static var navigating: FlowCoordinator? { NavigatingCoordinator.value }

  /// Each step just before its flow handles it. Read-only: only the coordinator sends.
  public nonisolated var willNavigate: FlowEvents<NavigationEvent> { FlowEvents(relay: willNavigateRelay) }
  /// Each step just after its flow handled it. Read-only: only the coordinator sends.
  public nonisolated var didNavigate: FlowEvents<NavigationEvent> { FlowEvents(relay: didNavigateRelay) }
  /// Steps dropped or not handled, and misuse — each with what to do about it. When nothing
  /// observes it, diagnostics go to ``ReactorFlowDiagnostics``. Read-only: only the coordinator
  /// sends.
  public nonisolated var diagnostics: FlowEvents<FlowDiagnostic> { FlowEvents(relay: diagnosticsRelay) }

  // Sent on the main actor only, by the coordinator: the event handlers rely on it.
  nonisolated let willNavigateRelay = PublishRelay<NavigationEvent>()
  nonisolated let didNavigateRelay = PublishRelay<NavigationEvent>()
  nonisolated let diagnosticsRelay = PublishRelay<FlowDiagnostic>()

  // Main-actor state, touched on every step: no runtime exclusivity checks needed.
  /// What every step reads and writes (see ``MainActorCell``).
  struct HotState {
    var root: FlowNode?
    var queue = ReentrancyQueue<(node: FlowNode, step: any Step, origin: StepOrigin)>()
    var intake = StepIntake()
    var drained: [StepDelivery] = []
    /// What records the steps, navigation and deep links; `nil` unless ``record(into:)`` was called.
    var recorder: JournalRecorder?
  }
  let hot = MainActorCell(HotState())
  /// The root of the tree of flows, which owns the rest (a node owns its children).
  var root: FlowNode? {
    _read { yield hot.value.root }
    _modify { yield &hot.value.root }
  }
  var pendingDeepLinks: [any Step] = []
  /// The root flow that ended, kept until the next
  /// ``coordinate(flow:with:allowStepWhenDismissed:)`` (see ``EndedRoot``).
  var endedRoot: EndedRoot?
  var readinessWaiters: [(flows: [ObjectIdentifier], run: @MainActor () -> Void)] = []
  /// Where the steps emitted off the main actor wait for it. A sender reaches it through the
  /// coordinator (its route holds the coordinator weakly), never directly: a delivery waiting
  /// here holds its route, so the inbox goes with the coordinator and nothing waiting in it can
  /// keep it alive. A stored constant: the step's path reads it without retaining it.
  nonisolated let inbox: MainActorInbox<StepDelivery>

  /// The deliveries being received; swapped with the inbox's buffer (no allocation once warm).
  var drained: [StepDelivery] {
    _read { yield hot.value.drained }
    _modify { yield &hot.value.drained }
  }

  /// The shared state of ``TransitionHold`` and ``NavigatingCoordinator``, kept here so that a
  /// step reaches it without the first-use check of a static.
  let transitionHold = TransitionHold.state
  let navigatingSlot = NavigatingCoordinator.current

  /// The task-local values where the coordinator was made (a test's leak recorder, a
  /// diagnostics handler), bound while it drains the steps accepted on other threads.
  nonisolated let taskLocals = CapturedTaskLocals.capture()

  /// Creates a coordinator.
  ///
  /// The leak recorder and the diagnostics handler bound where it is made (see ``LiveObjects``
  /// and ``ReactorFlowDiagnostics``) also apply to the steps accepted on other threads, which
  /// the main actor handles in a task that their sender started.
  public init() {
    // Made once: a closure built per delivery would cost an allocation per step. The drain runs
    // in a task the first waiting sender started (a detached task has none of this coordinator's
    // task-local values): it binds those captured where the coordinator was made. It finds the
    // coordinator through a weak reference set below, once `self` exists.
    let drainTarget = InboxDrainTarget()
    let drain: @MainActor @Sendable () -> Void = {
      guard let coordinator = drainTarget.coordinator else { return }
      coordinator.taskLocals.bind { coordinator.drainInbox() }
    }
    inbox = MainActorInbox { _ in onMainActor(drain) }
    drainTarget.coordinator = self
    LiveObjects.note(self, "FlowCoordinator")
    PendingReadiness.register(self)
  }

  // MARK: - Public API

  /// Starts `flow` as the root flow; `stepper` emits its steps (its initial step first).
  ///
  /// As in RxFlow, the root flow ends — it is released, with everything it started — when its
  /// root is dismissed; steps that come for it after that are reported on ``diagnostics``, not
  /// handled. With `allowStepWhenDismissed: true` it keeps running (and handling steps) after its
  /// root is dismissed, until it returns `.end` or another root flow is coordinated. Without a
  /// stepper, the flow receives ``RxFlowStep/home`` (``DefaultStepper``).
  public func coordinate(
    flow: Flow, with stepper: Stepper = DefaultStepper(), allowStepWhenDismissed: Bool = false
  ) {
    root?.end(in: self)
    // Steps still on their way to the root flow that ended before: released, no longer its.
    for route in endedRoot?.routes ?? [] { route.connection.value = .released }
    endedRoot = nil
    let node = makeNode(flow, parent: nil)
    root = node
    if !allowStepWhenDismissed { endWhenDismissed(node) }
    connect(stepper, to: node)
    let links = pendingDeepLinks
    pendingDeepLinks.removeAll()
    for step in links { deliverDeepLink(step) }
  }

  /// Sends `step` to every live flow — parent before children, children in creation order.
  /// Before ``coordinate(flow:with:allowStepWhenDismissed:)``, the step waits and is sent once the
  /// root flow starts; once the root flow has ended, it is reported on ``diagnostics``.
  public func navigate(to step: Step) {
    hot.value.recorder?.recordStep(step, from: .app)
    navigateWithoutRecording(to: step)
  }

  /// ``navigate(to:)``, not recorded (a deep link recorded as its text).
  func navigateWithoutRecording(to step: Step) {
    if let root, !root.hot.value.isEnded {
      deliverDeepLink(step)
    } else if let endedRoot {
      report(.stepAfterRootFlowEnded(step: step, flow: endedRoot.name))
    } else {
      pendingDeepLinks.append(step)
    }
  }

  /// The live flows, parent before children, children in creation order.
  public var flows: [any Flow] {
    root?.subtree.map(\.flow) ?? []
  }

  /// How many steps wait to be handled: accepted on another thread and waiting for the main
  /// actor, queued behind the step being handled, or in (or behind) an asynchronous `adapt`. The
  /// steps a contribution's `.buffer` policy holds while its screen is hidden are not counted.
  public var pendingSteps: Int {
    inbox.count + hot.value.queue.count
      + (root?.subtree.reduce(0) { $0 + $1.hot.value.adapting.count } ?? 0)
  }

  /// Calls `handler` on the main actor just before each step is handled.
  public func onWillNavigate(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> AnyDisposable {
    willNavigate.subscribe(handler)
  }

  /// Calls `handler` on the main actor just after each step is handled.
  public func onDidNavigate(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> AnyDisposable {
    didNavigate.subscribe(handler)
  }

  /// Calls `handler` on the main actor with each diagnostic.
  public func onDiagnostic(_ handler: @escaping @MainActor (FlowDiagnostic) -> Void) -> AnyDisposable {
    diagnostics.subscribe(handler)
  }

  // MARK: - Deep links

  /// Sends `step` to every live flow, parent before children.
  func deliverDeepLink(_ step: any Step) {
    // A flow that ends while the step goes round (its parent dismissed it) is no longer live:
    // it is skipped, not reported.
    for node in root?.subtree ?? [] { node.adapt(step, origin: .deepLink, in: self) }
  }

  // MARK: - The loop

  /// Has `node` handle `step` now, or — while another step is being handled — after it (FIFO):
  /// the coordinator's loop.
  @inline(__always)
  func enqueue(_ step: any Step, for node: FlowNode, origin: StepOrigin = .stepper) {
    if hot.value.queue.isDispatching {
      hot.value.queue.enqueue((node, step, origin))
      return
    }
    hot.value.queue.isDispatching = true
    node.handle(step, origin: origin, in: self)
    while let next = hot.value.queue.next() { next.node.handle(next.step, origin: next.origin, in: self) }
  }

  // MARK: - Diagnostics

  func report(_ diagnostic: FlowDiagnostic) {
    if diagnosticsRelay.hasSubscribers {
      // Emitted diagnostics are recorded on their way (see ReactorFlowDiagnostics); these are not.
      hot.value.recorder?.recordDiagnostic(diagnostic.description, from: .app)
      diagnosticsRelay.accept(diagnostic)
    } else {
      ReactorFlowDiagnostics.emit(ReactorFlowDiagnostics.Diagnostic(diagnostic))
    }
  }
}
