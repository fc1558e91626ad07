import Dispatch
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// The step through `FlowCoordinator` from every place a step can come from — the main actor,
/// other threads, deep links, re-entrant steps, event and diagnostics handlers — against the
/// navigation semantics: the main-actor intake, the default `adapt(step:)` skipped, the node
/// cache, the navigating coordinator's lifetime and the transition hold.
@MainActor
@Suite("Flow: steps keep each sender's order across threads, re-entrancy and lifetimes", .checksLeaks)
struct StepOrderAcrossSendersThreadsAndLifetimesTests {
  /// A flow that logs each step it handles and runs what the test scripted for it.
  final class ScriptFlow: Flow {
    let name: String
    let navigation: NavigationStack
    var log: [String] = []
    /// What to do for a step (by its description); `.none` when nothing is scripted.
    var script: [String: () -> FlowContributors] = [:]

    init(_ name: String) {
      self.name = name
      self.navigation = NavigationStack(rootViewController: Screen(title: "\(name) root"), title: name)
    }

    var root: Presentable { navigation }

    func navigate(to step: Step) -> FlowContributors {
      let key = "\(step)"
      log.append(name == "app" ? key : "\(name):\(key)")
      return script[key]?() ?? .none
    }
  }

  /// A stepper with an initial step that emits more steps once connected.
  final class EagerStepper: Stepper {
    let steps = PublishRelay<Step>()
    let initialStep: Step
    let whenReady: [Step]
    init(initial: Step, whenReady: [Step]) {
      self.initialStep = initial
      self.whenReady = whenReady
    }
    func readyToEmitSteps() {
      for step in whenReady { steps.accept(step) }
    }
  }

  /// Emits a step from its own `viewDidAppear`.
  final class AnnouncingScreen: Screen, Stepper {
    let steps = PublishRelay<Step>()
    let announcement: Step
    init(title: String, announcement: Step) {
      self.announcement = announcement
      super.init(title: title)
    }
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      steps.accept(announcement)
    }
  }

  /// Accepts `step` on `stepper` from a thread of a global queue (not the main actor): the step
  /// goes through the inbox, and is queued when this returns.
  nonisolated static func acceptOffMain(_ step: TestStep, on relay: PublishRelay<Step>) {
    DispatchQueue.global().sync { relay.accept(step) }
  }

  // MARK: - Per-sender order across threads

  @Test("one sender, other thread then main actor then other thread, while a step is handled")
  func senderMovesWhileHandling() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    flow.script["start"] = {
      Self.acceptOffMain(.fast(1), on: relay)
      relay.accept(TestStep.fast(2))
      Self.acceptOffMain(.fast(3), on: relay)
      relay.accept(TestStep.fast(4))
      return .none
    }
    coordinator.coordinate(flow: flow, with: stepper)
    // Accepted on the main actor: handled at once, the others behind it.
    relay.accept(TestStep.start)
    #expect(flow.log == ["start", "fast(1)", "fast(2)", "fast(3)", "fast(4)"])
  }

  @Test("one sender, main actor then other thread, while a deep link is handled (no drain running)")
  func senderMovesWhileDeepLinkHandled() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    flow.script["deepLink"] = {
      relay.accept(TestStep.fast(1))
      Self.acceptOffMain(.fast(2), on: relay)
      relay.accept(TestStep.fast(3))
      return .none
    }
    coordinator.coordinate(flow: flow, with: stepper)
    coordinator.navigate(to: TestStep.deepLink)
    #expect(flow.log == ["deepLink", "fast(1)", "fast(2)", "fast(3)"])
  }

  @Test("one sender, main actor then other thread, outside any handling")
  func senderMovesOffMainActor() async {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    coordinator.coordinate(flow: flow, with: stepper)
    relay.accept(TestStep.fast(1))
    #expect(flow.log == ["fast(1)"])
    Self.acceptOffMain(.fast(2), on: relay)
    Self.acceptOffMain(.fast(3), on: relay)
    relay.accept(TestStep.fast(4))
    // The main-actor step went behind the two waiting, and drained them.
    #expect(flow.log == ["fast(1)", "fast(2)", "fast(3)", "fast(4)"])
    await Task.detached { relay.accept(TestStep.fast(5)) }.value
    await expectEventually { flow.log.count == 5 }
    #expect(flow.log.last == "fast(5)")
  }

  @Test("two senders: a main-actor step goes behind another sender's waiting steps, in one order")
  func twoSendersShareTheInboxOrder() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let other = NoneStepper()
    let screen = Screen(title: "other")
    flow.script["start"] = {
      .one(
        flowContributor: .contribute(
          withNextPresentable: screen, withNextStepper: other, whenHidden: .deliver,
          allowStepWhenDismissed: true))
    }
    coordinator.coordinate(flow: flow, with: stepper)
    stepper.steps.accept(TestStep.start)
    Self.acceptOffMain(.show("other, off main"), on: other.steps)
    stepper.steps.accept(TestStep.show("main"))
    #expect(flow.log == ["start", "show(\"other, off main\")", "show(\"main\")"])
  }

  // MARK: - Random mixes of senders and threads

  /// A step tagged with its sender and its number among that sender's steps, and what the flow
  /// does while handling it: more steps, each from a sender, on the main actor or not.
  struct Tagged: Step {
    let sender: Int
    let number: Int
    let then: [(sender: Int, offMain: Bool)]
  }

  /// Handles tagged steps: logs them and sends the steps each one says.
  final class OrderFlow: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var handled: [(sender: Int, number: Int)] = []
    var send: ((_ sender: Int, _ offMain: Bool) -> Void)?
    var contributions: [FlowContributor] = []
    func navigate(to step: Step) -> FlowContributors {
      if (step as? TestStep) == .start { return .multiple(flowContributors: contributions) }
      guard let step = step as? Tagged else { return .none }
      handled.append((step.sender, step.number))
      for next in step.then { send?(next.sender, next.offMain) }
      return .none
    }
  }

  @Test("random mixes of senders, threads and re-entrant steps keep each sender's order, and lose nothing")
  func randomMixes() async {
    for seed in UInt64(1)...40 {
      var random = SplitMix64(startingAt: seed)
      let coordinator = FlowCoordinator()
      let flow = OrderFlow()
      let steppers = (0..<3).map { _ in NoneStepper() }
      let screens = (1..<3).map { Screen(title: "sender \($0)") }
      coordinator.coordinate(flow: flow, with: steppers[0])
      // Senders 1 and 2: contributed steppers whose steps are delivered even hidden.
      flow.contributions = screens.enumerated().map { index, screen in
        .contribute(
          withNextPresentable: screen, withNextStepper: steppers[index + 1], whenHidden: .deliver,
          allowStepWhenDismissed: true)
      }
      coordinator.navigate(to: TestStep.start)
      flow.contributions = []
      var numbers = [0, 0, 0]
      var plans: [[(sender: Int, offMain: Bool)]] = []
      for _ in 0..<60 {
        let count = random.next(below: 4) == 0 ? random.next(below: 3) + 1 : 0
        plans.append((0..<count).map { _ in (random.next(below: 3), random.next(below: 2) == 0) })
      }
      var planIndex = 0
      func send(_ sender: Int, _ offMain: Bool) {
        let then = planIndex < plans.count ? plans[planIndex] : []
        planIndex += 1
        let step = Tagged(sender: sender, number: numbers[sender], then: then)
        numbers[sender] += 1
        let relay = steppers[sender].steps
        if offMain {
          DispatchQueue.global().sync { relay.accept(step) }
        } else {
          relay.accept(step)
        }
      }
      flow.send = send
      while planIndex < plans.count {
        send(random.next(below: 3), random.next(below: 2) == 0)
      }
      let emitted = numbers.reduce(0, +)
      await expectEventually("seed \(seed): every step handled") { flow.handled.count >= emitted }
      for sender in 0..<3 {
        let mine = flow.handled.filter { $0.sender == sender }.map(\.number)
        #expect(mine == Array(0..<numbers[sender]), "seed \(seed), sender \(sender)")
      }
      flow.send = nil
    }
  }

  // MARK: - Re-entrant steps

  /// `a` emits `b` and `c`, `b` emits `d`: handled in the order a, b, c, d.
  func scriptReentrantSteps(_ flow: ScriptFlow, _ relay: PublishRelay<Step>) {
    flow.script["show(\"a\")"] = {
      relay.accept(TestStep.show("b"))
      relay.accept(TestStep.show("c"))
      return .none
    }
    flow.script["show(\"b\")"] = {
      relay.accept(TestStep.show("d"))
      return .none
    }
  }

  @Test("steps emitted from inside navigate(to:) are handled after it, first in first out, at any depth")
  func reentrantFIFO() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    scriptReentrantSteps(flow, relay)
    coordinator.coordinate(flow: flow, with: stepper)
    relay.accept(TestStep.show("a"))
    #expect(flow.log == ["show(\"a\")", "show(\"b\")", "show(\"c\")", "show(\"d\")"])
    // The same from a deep link, and from another thread.
    flow.log.removeAll()
    coordinator.navigate(to: TestStep.show("a"))
    #expect(flow.log == ["show(\"a\")", "show(\"b\")", "show(\"c\")", "show(\"d\")"])
  }

  @Test("re-entrant steps from another thread's step keep FIFO")
  func reentrantFromDrain() async {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    scriptReentrantSteps(flow, relay)
    coordinator.coordinate(flow: flow, with: stepper)
    await Task.detached { relay.accept(TestStep.show("a")) }.value
    await expectEventually { flow.log.count == 4 }
    #expect(flow.log == ["show(\"a\")", "show(\"b\")", "show(\"c\")", "show(\"d\")"])
  }

  // MARK: - Contributions: initial step, readyToEmitSteps, forwarded steps

  /// A `.multiple` that forwards `.fast(1)` first and contributes a stepper whose initial step is
  /// `.fast(2)` and which emits `.fast(3)` once connected: the contribution's steps come first.
  func expectContributionOrder(_ send: (FlowCoordinator, NoneStepper) async -> Void) async {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let screen = Screen(title: "contributed")
    let contributed = EagerStepper(initial: TestStep.fast(2), whenReady: [TestStep.fast(3)])
    flow.script["start"] = {
      .multiple(flowContributors: [
        .forwardToCurrentFlow(withStep: TestStep.fast(1)),
        .contribute(
          withNextPresentable: screen, withNextStepper: contributed, whenHidden: .deliver,
          allowStepWhenDismissed: true),
        .forwardToCurrentFlow(withStep: TestStep.fast(4)),
      ])
    }
    coordinator.coordinate(flow: flow, with: stepper)
    await send(coordinator, stepper)
    await expectEventually { flow.log.count == 5 }
    #expect(flow.log == ["start", "fast(2)", "fast(3)", "fast(1)", "fast(4)"])
  }

  @Test("a contributed stepper's initial and ready steps come before the forwarded ones: main actor")
  func contributionOrderMainActor() async {
    await expectContributionOrder { _, stepper in stepper.steps.accept(TestStep.start) }
  }

  @Test("a contributed stepper's initial and ready steps come before the forwarded ones: deep link")
  func contributionOrderDeepLink() async {
    await expectContributionOrder { coordinator, _ in coordinator.navigate(to: TestStep.start) }
  }

  @Test("a contributed stepper's initial and ready steps come before the forwarded ones: other thread")
  func contributionOrderOffMain() async {
    await expectContributionOrder { _, stepper in
      let relay = stepper.steps
      await Task.detached { relay.accept(TestStep.start) }.value
    }
  }

  @Test("a root stepper's ready steps come after its initial step, before deep links sent earlier")
  func rootReadySteps() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    coordinator.navigate(to: TestStep.deepLink)
    let stepper = EagerStepper(initial: TestStep.start, whenReady: [TestStep.fast(1), TestStep.fast(2)])
    coordinator.coordinate(flow: flow, with: stepper)
    #expect(flow.log == ["start", "fast(1)", "fast(2)", "deepLink"])
  }

  // MARK: - Event and diagnostics handlers

  @Test("a step emitted from a will-navigate or did-navigate handler is handled after the current one")
  func stepFromEventHandlers() {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    var events: [String] = []
    let bag = DisposeBag()
    coordinator.onWillNavigate { event in
      events.append("will \(event.step)")
      if "\(event.step)" == "show(\"a\")" { relay.accept(TestStep.show("from will")) }
    }.disposed(by: bag)
    coordinator.onDidNavigate { event in
      events.append("did \(event.step)")
      if "\(event.step)" == "show(\"a\")" { relay.accept(TestStep.show("from did")) }
    }.disposed(by: bag)
    coordinator.coordinate(flow: flow, with: stepper)
    relay.accept(TestStep.show("a"))
    #expect(flow.log == ["show(\"a\")", "show(\"from will\")", "show(\"from did\")"])
    #expect(
      events == [
        "will show(\"a\")", "did show(\"a\")", "will show(\"from will\")", "did show(\"from will\")",
        "will show(\"from did\")", "did show(\"from did\")",
      ])
  }

  /// Filters `.failing` out (synchronously), so that a diagnostic is reported while the step is
  /// received.
  final class FilteringFlow: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var log: [String] = []
    func adapt(step: Step) -> Effect<Step> {
      (step as? TestStep) == .failing ? .none : .just(step)
    }
    func navigate(to step: Step) -> FlowContributors {
      log.append("\(step)")
      return .none
    }
  }

  @Test("a step emitted from a diagnostics handler is handled, after the steps already waiting")
  func stepFromDiagnosticsHandler() async {
    let coordinator = FlowCoordinator()
    let flow = FilteringFlow()
    let stepper = NoneStepper()
    let relay = stepper.steps
    var diagnostics: [String] = []
    let bag = DisposeBag()
    coordinator.onDiagnostic { diagnostic in
      diagnostics.append("\(diagnostic)")
      relay.accept(TestStep.show("recovered"))
    }.disposed(by: bag)
    coordinator.coordinate(flow: flow, with: stepper)
    relay.accept(TestStep.failing)
    #expect(flow.log == ["show(\"recovered\")"])
    coordinator.navigate(to: TestStep.failing)
    #expect(flow.log == ["show(\"recovered\")", "show(\"recovered\")"])
    await Task.detached { relay.accept(TestStep.failing) }.value
    await expectEventually { flow.log.count == 3 }
    #expect(diagnostics.count == 3)
  }

  // MARK: - Lifetimes: the weak route, the unretained navigating coordinator

  final class Owner {
    var coordinator: FlowCoordinator?
  }

  @Test("a coordinator released by the flow inside navigate(to:) stays usable until the step is done")
  func coordinatorReleasedInsideNavigate() {
    let owner = Owner()
    weak var released: FlowCoordinator?
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    var seen: ObjectIdentifier?
    do {
      let coordinator = FlowCoordinator()
      released = coordinator
      owner.coordinator = coordinator
    }
    let expected = owner.coordinator.map(ObjectIdentifier.init)
    let other = NoneStepper()
    let screen = Screen(title: "other")
    flow.script["start"] = {
      .one(
        flowContributor: .contribute(
          withNextPresentable: screen, withNextStepper: other, whenHidden: .deliver,
          allowStepWhenDismissed: true))
    }
    flow.script["endMe"] = {
      owner.coordinator = nil
      // Still the navigating coordinator: whoever called it keeps it alive.
      seen = FlowCoordinator.navigating.map(ObjectIdentifier.init)
      // Another stepper's step is received while this one is handled (the coordinator lives).
      other.steps.accept(TestStep.show("after release"))
      // The same stepper's is delivered by its relay once this delivery is over: the
      // coordinator is gone by then, and with it whatever could handle or report it.
      relay.accept(TestStep.show("lost with the coordinator"))
      return .none
    }
    owner.coordinator?.coordinate(flow: flow, with: stepper)
    relay.accept(TestStep.start)
    relay.accept(TestStep.endMe)
    #expect(flow.log == ["start", "endMe", "show(\"after release\")"])
    #expect(seen == expected)
    #expect(released == nil)
    #expect(FlowCoordinator.navigating == nil)
    // Nothing is left to receive, or report: the subscriptions went with the coordinator.
    relay.accept(TestStep.show("later"))
    #expect(relay.subscriberCount == 0)
    #expect(other.steps.subscriberCount == 0)
    #expect(flow.log.count == 3)
    flow.script = [:]
  }

  @Test("a coordinator released inside navigate(to:) of a step from another thread: no dangling reference")
  func coordinatorReleasedInsideDrainedStep() async {
    let owner = Owner()
    weak var released: FlowCoordinator?
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    var seen: [ObjectIdentifier?] = []
    do {
      let coordinator = FlowCoordinator()
      released = coordinator
      owner.coordinator = coordinator
      coordinator.coordinate(flow: flow, with: stepper)
    }
    let expected = owner.coordinator.map(ObjectIdentifier.init)
    flow.script["endMe"] = {
      seen.append(FlowCoordinator.navigating.map(ObjectIdentifier.init))
      owner.coordinator = nil
      seen.append(FlowCoordinator.navigating.map(ObjectIdentifier.init))
      return .none
    }
    await Task.detached { relay.accept(TestStep.endMe) }.value
    await expectEventually { !flow.log.isEmpty }
    #expect(flow.log == ["endMe"])
    #expect(seen == [expected, expected])
    #expect(released == nil)
    #expect(FlowCoordinator.navigating == nil)
    flow.script = [:]
  }

  @Test("a step accepted in a block of the main queue, or of a queue that targets it, is received")
  func mainQueueBlocks() async {
    let coordinator = FlowCoordinator()
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    let relay = stepper.steps
    coordinator.coordinate(flow: flow, with: stepper)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        relay.accept(TestStep.fast(1))
        done.resume()
      }
    }
    #expect(flow.log == ["fast(1)"])
    let targeting = DispatchQueue(label: "targets main", target: .main)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      targeting.async {
        relay.accept(TestStep.fast(2))
        done.resume()
      }
    }
    await expectEventually { flow.log.count == 2 }
    await Task.detached {
      targeting.sync { relay.accept(TestStep.fast(3)) }
    }.value
    await expectEventually { flow.log.count == 3 }
    #expect(flow.log == ["fast(1)", "fast(2)", "fast(3)"])
  }

  @Test("a .ready block registered for flows that are all ready already runs at once")
  func readyBlockForReadyFlow() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = ScriptFlow("app")
    let stepper = NoneStepper()
    var ran = 0
    flow.script["fast(2)"] = { [unowned flow] in
      Flows.use(flow, when: .ready) { (_: NavigationStack) in ran += 1 }
      return .none
    }
    coordinator.coordinate(flow: flow, with: stepper)
    stepper.steps.accept(TestStep.fast(1))
    stepper.steps.accept(TestStep.fast(2))
    stepper.steps.accept(TestStep.fast(3))
    // A defect once: the coordinator looked at the blocks
    // only when one of its flows became ready, so a block for flows that were all ready already
    // waited for another flow to start, and never ran if none did — no diagnostic either. It
    // runs at once now, inside the step that asked for it.
    #expect(ran == 1)
    #expect(diagnostics.all.isEmpty)
    flow.script = [:]
  }

  @Test("a coordinator released while steps from another thread wait in its inbox: no crash")
  func coordinatorReleasedWithWaitingSteps() async {
    let stepper = NoneStepper()
    let relay = stepper.steps
    weak var released: FlowCoordinator?
    do {
      let coordinator = FlowCoordinator()
      released = coordinator
      let flow = ScriptFlow("app")
      coordinator.coordinate(flow: flow, with: stepper)
      Self.acceptOffMain(.fast(1), on: relay)
    }
    #expect(released == nil)
    // The drain scheduled for the step finds no coordinator.
    await Task.yield()
    relay.accept(TestStep.fast(2))
    #expect(relay.subscriberCount == 0)
  }

  // MARK: - The default adapt(step:)

  /// Keeps the default `adapt(step:)`: its subclass's method of the same name is not the witness.
  class BaseFlow: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var log: [String] = []
    func navigate(to step: Step) -> FlowContributors {
      log.append("\(step)")
      return .none
    }
  }

  final class SubFlow: BaseFlow {
    var ownAdaptCalls = 0
    func adapt(step: Step) -> Effect<Step> {
      ownAdaptCalls += 1
      return .none
    }
  }

  @Test("a subclass's adapt(step:) that is not the witness changes nothing, before and after the first step")
  func subclassAdapt() {
    let coordinator = FlowCoordinator()
    let flow = SubFlow()
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    for index in 0..<3 { stepper.steps.accept(TestStep.fast(index)) }
    // What Swift calls through the conformance, the coordinator does: the default.
    #expect(flow.ownAdaptCalls == 0)
    #expect(flow.log == ["fast(0)", "fast(1)", "fast(2)"])
  }

  /// Its own `adapt(step:)`: some steps to a child flow's default, the others filtered.
  final class ForwardingFlow: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var log: [String] = []
    let child = BaseFlow()
    let childStepper = NoneStepper()
    func adapt(step: Step) -> Effect<Step> {
      switch step as? TestStep {
      case .fast: return child.adapt(step: step)
      case .show(let text) where text.hasPrefix("filtered"): return .none
      default: return .just(step)
      }
    }
    func navigate(to step: Step) -> FlowContributors {
      log.append("\(step)")
      if (step as? TestStep) == .startChildren {
        return .one(flowContributor: .contribute(withNextPresentable: child, withNextStepper: childStepper))
      }
      return .none
    }
  }

  @Test("a flow whose adapt(step:) hands some steps to its child's default is asked for every step")
  func forwardingToChildDefault() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = ForwardingFlow()
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    // `.fast` goes through the child's default adapt (the child not started yet).
    stepper.steps.accept(TestStep.fast(0))
    coordinator.navigate(to: TestStep.startChildren)
    #expect(flow.log == ["fast(0)", "startChildren"])
    flow.log.removeAll()
    stepper.steps.accept(TestStep.fast(1))
    stepper.steps.accept(TestStep.show("filtered"))
    flow.childStepper.steps.accept(TestStep.show("child"))
    stepper.steps.accept(TestStep.show("filtered again"))
    #expect(flow.log == ["fast(1)"])
    #expect(flow.child.log == ["show(\"child\")"])
    #expect(
      diagnostics.all == [
        .filteredByAdapt(step: TestStep.show("filtered"), flow: "ForwardingFlow"),
        .filteredByAdapt(step: TestStep.show("filtered again"), flow: "ForwardingFlow"),
      ])
  }

  // MARK: - The node cache

  @Test("a child flow ended while the cache points at it: the next child gets its steps")
  func cacheAfterChildEnds() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LoggingFlow("app")
    let first = LoggingFlow("first")
    let second = LoggingFlow("second")
    flow.childrenToStart = [(first, first)]
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.startChildren)
    first.steps.accept(TestStep.show("in first"))
    first.steps.accept(TestStep.endMe)
    #expect(flow.log == ["startChildren", "ended"])
    first.steps.accept(TestStep.show("after end"))
    #expect(first.log == ["show(\"in first\")", "endMe"])
    flow.childrenToStart = [(second, second)]
    flow.steps.accept(TestStep.startChildren)
    second.steps.accept(TestStep.show("in second"))
    #expect(second.log == ["show(\"in second\")"])
    #expect(coordinator.flows.count == 2)
    #expect(diagnostics.all.isEmpty)
    flow.childrenToStart = []
  }

  @Test("coordinate called a second time, with the same stepper: each step handled once, by the new flow")
  func coordinateAgainSameStepper() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let stepper = NoneStepper()
    let old = ScriptFlow("old")
    let new = ScriptFlow("new")
    coordinator.coordinate(flow: old, with: stepper)
    stepper.steps.accept(TestStep.fast(1))
    coordinator.coordinate(flow: new, with: stepper)
    stepper.steps.accept(TestStep.fast(2))
    coordinator.navigate(to: TestStep.deepLink)
    #expect(old.log == ["old:fast(1)"])
    #expect(new.log == ["new:fast(2)", "new:deepLink"])
    #expect(stepper.steps.subscriberCount == 1)
    #expect(diagnostics.all.isEmpty)
  }

  @Test("coordinate called again from inside navigate(to:): the new flow's steps are handled")
  func coordinateAgainWhileHandling() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let old = ScriptFlow("old")
    let new = ScriptFlow("new")
    let oldStepper = NoneStepper()
    let newStepper = EagerStepper(initial: TestStep.start, whenReady: [TestStep.fast(1)])
    old.script["show(\"switch\")"] = { [unowned coordinator] in
      coordinator.coordinate(flow: new, with: newStepper)
      oldStepper.steps.accept(TestStep.show("old, after switch"))
      newStepper.steps.accept(TestStep.fast(2))
      return .none
    }
    coordinator.coordinate(flow: old, with: oldStepper)
    oldStepper.steps.accept(TestStep.show("switch"))
    #expect(old.log == ["old:show(\"switch\")"])
    #expect(new.log == ["new:start", "new:fast(1)", "new:fast(2)"])
    // The old root's stepper, still delivering: its step is reported, not lost.
    #expect(diagnostics.all == [.stepAfterRelease(step: TestStep.show("old, after switch"))])
    newStepper.steps.accept(TestStep.fast(3))
    #expect(new.log.last == "new:fast(3)")
    old.script = [:]
  }

  // MARK: - Deep links while a drain runs

  @Test("a deep link sent from inside navigate(to:) goes to every flow after the step, before later steps")
  func deepLinkWhileDraining() {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    let child = LoggingFlow("child")
    flow.childrenToStart = [(child, child)]
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.startChildren)
    child.log.removeAll()
    flow.log.removeAll()
    // The child, handling a step from the main actor, sends a deep link and a step of its own.
    let childSteps = child.steps
    let hook = DisposeBag()
    coordinator.onWillNavigate { [unowned coordinator] event in
      if "\(event.step)" == "show(\"go\")" {
        coordinator.navigate(to: TestStep.deepLink)
        childSteps.accept(TestStep.show("after"))
      }
    }.disposed(by: hook)
    child.steps.accept(TestStep.show("go"))
    #expect(flow.log == ["deepLink"])
    #expect(child.log == ["show(\"go\")", "deepLink", "show(\"after\")"])
    flow.childrenToStart = []
  }

  // MARK: - Windows and holds

  @Test("screens of two windows announce from viewDidAppear: both heard, in the order they appeared")
  func twoWindowsTwoHolders() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = ScriptFlow("app")
    let other = NavigationStack(rootViewController: Screen(title: "other root"), title: "other")
    let (first, second) = (Window(), Window())
    first.rootViewController = flow.navigation
    second.rootViewController = other
    let stepper = NoneStepper()
    flow.script["start"] = { [unowned flow] in
      let a = AnnouncingScreen(title: "A", announcement: TestStep.show("A appeared"))
      let b = AnnouncingScreen(title: "B", announcement: TestStep.show("B appeared"))
      flow.navigation.pushViewController(a)
      other.pushViewController(b)
      return .multiple(flowContributors: [.contribute(withNext: a), .contribute(withNext: b)])
    }
    flow.script["show(\"B appeared\")"] = { [unowned flow] in
      // A step applied while the holds are told: a third screen, in the first window.
      let c = AnnouncingScreen(title: "C", announcement: TestStep.show("C appeared"))
      flow.navigation.pushViewController(c)
      return .one(flowContributor: .contribute(withNext: c))
    }
    coordinator.coordinate(flow: flow, with: stepper, allowStepWhenDismissed: true)
    stepper.steps.accept(TestStep.start)
    #expect(
      flow.log == ["start", "show(\"A appeared\")", "show(\"B appeared\")", "show(\"C appeared\")"])
    #expect(diagnostics.all.isEmpty)
    #expect(!TransitionHold.isHolding)
    flow.script = [:]
    first.rootViewController = nil
    second.rootViewController = nil
  }

  @Test("another coordinator's screen announces from viewDidAppear while the first one's hold is told")
  func twoCoordinatorsNestedHolds() {
    let main = FlowCoordinator()
    let side = FlowCoordinator()
    let mainDiagnostics = CoordinatorDiagnostics(main)
    let sideDiagnostics = CoordinatorDiagnostics(side)
    let mainFlow = ScriptFlow("main")
    let sideFlow = ScriptFlow("side")
    let (first, second) = (Window(), Window())
    first.rootViewController = mainFlow.navigation
    second.rootViewController = sideFlow.navigation
    let mainStepper = NoneStepper()
    let sideStepper = NoneStepper()
    main.coordinate(flow: mainFlow, with: mainStepper, allowStepWhenDismissed: true)
    side.coordinate(flow: sideFlow, with: sideStepper, allowStepWhenDismissed: true)
    mainFlow.script["start"] = { [unowned mainFlow] in
      let a = AnnouncingScreen(title: "A", announcement: TestStep.show("A appeared"))
      mainFlow.navigation.pushViewController(a)
      return .one(flowContributor: .contribute(withNext: a))
    }
    mainFlow.script["show(\"A appeared\")"] = {
      // Another coordinator's step, from inside this one's handling.
      sideStepper.steps.accept(TestStep.start)
      return .none
    }
    sideFlow.script["start"] = { [unowned sideFlow] in
      let b = AnnouncingScreen(title: "B", announcement: TestStep.show("B appeared"))
      sideFlow.navigation.pushViewController(b)
      return .one(flowContributor: .contribute(withNext: b))
    }
    mainStepper.steps.accept(TestStep.start)
    #expect(mainFlow.log == ["main:start", "main:show(\"A appeared\")"])
    #expect(sideFlow.log == ["side:start", "side:show(\"B appeared\")"])
    #expect(mainDiagnostics.all.isEmpty)
    #expect(sideDiagnostics.all.isEmpty)
    #expect(!TransitionHold.isHolding)
    mainFlow.script = [:]
    sideFlow.script = [:]
    first.rootViewController = nil
    second.rootViewController = nil
  }

  final class WindowOwner {
    var window: Window?
  }

  @Test("a window released while a step holds its transitions: the held ends still run, the step is heard")
  func windowReleasedWhileHeld() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = ScriptFlow("app")
    let owner = WindowOwner()
    weak var released: Window?
    do {
      let window = Window()
      window.rootViewController = flow.navigation
      owner.window = window
      released = window
    }
    let stepper = NoneStepper()
    flow.script["start"] = { [unowned flow] in
      let a = AnnouncingScreen(title: "A", announcement: TestStep.show("A appeared"))
      flow.navigation.pushViewController(a)
      // The only reference to the window goes while the end of the push is held.
      owner.window = nil
      return .one(flowContributor: .contribute(withNext: a))
    }
    coordinator.coordinate(flow: flow, with: stepper, allowStepWhenDismissed: true)
    stepper.steps.accept(TestStep.start)
    #expect(released == nil)
    #expect(flow.log == ["start", "show(\"A appeared\")"])
    #expect(diagnostics.all.isEmpty)
    #expect(!TransitionHold.isHolding)
    flow.script = [:]
  }

  // MARK: - allowStepWhenDismissed

  @Test("a pair kept with allowStepWhenDismissed still reaches its flow after dismissal, from any thread")
  func allowStepWhenDismissed() async {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let window = Window()
    let flow = LoggingFlow("app")
    window.rootViewController = flow.navigation
    flow.allowStepWhenDismissed = true
    flow.pushPolicy = .deliver
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.push("detail"))
    flow.steps.accept(TestStep.pop)
    let relay = flow.pushed["detail"]!.stepper.steps
    relay.accept(TestStep.show("main, dismissed"))
    await Task.detached { relay.accept(TestStep.show("off main, dismissed")) }.value
    await expectEventually { flow.log.count == 4 }
    #expect(
      flow.log == ["push(\"detail\")", "pop", "show(\"main, dismissed\")", "show(\"off main, dismissed\")"])
    #expect(diagnostics.all.isEmpty)
    window.rootViewController = nil
  }
}
