import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Flow: coordinator semantics and RxFlow's known faults", .checksLeaks)
struct CoordinatorSemanticsTests {
  @Test("a step sent before coordinate is queued, not lost (RxFlow PR #147)")
  func stepBeforeCoordinate() {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.navigate(to: TestStep.deepLink)
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    #expect(flow.log == ["start", "deepLink"])
  }

  @Test("slow adapt results are handled in emission order (RxFlow #183)")
  func adaptOrder() async {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    let gate = Gate()
    flow.gates[1] = gate
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.slow(1))
    flow.steps.accept(TestStep.fast(2))
    #expect(flow.log == [])
    #expect(coordinator.pendingSteps == 2)
    gate.open()
    var events = coordinator.didNavigate.makeAsyncIterator()
    _ = await events.next()
    #expect(flow.log == ["slow(1)", "fast(2)"])
  }

  @Test("an adapt error never reaches navigate as NoneStep; it is reported")
  func adaptError() async {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    var events = coordinator.didNavigate.makeAsyncIterator()
    flow.steps.accept(TestStep.failing)
    flow.steps.accept(TestStep.fast(1))
    _ = await events.next()
    #expect(flow.log == ["fast(1)"])
    #expect(
      diagnostics.all == [.adaptFailed(step: TestStep.failing, flow: "LoggingFlow", error: "LoadError()")])
  }

  @Test("navigate(to:) reaches every live flow, parent first, children in creation order")
  func deepLinkOrder() {
    let coordinator = FlowCoordinator()
    let app = LoggingFlow("app")
    let first = LoggingFlow("first")
    let second = LoggingFlow("second")
    let grandchild = LoggingFlow("grandchild")
    first.childrenToStart = [(grandchild, OneStepper(withSingleStep: TestStep.start))]
    app.childrenToStart = [
      (first, OneStepper(withSingleStep: TestStep.startChildren)),
      (second, OneStepper(withSingleStep: TestStep.start)),
    ]
    var order: [String] = []
    let subscription = coordinator.onDidNavigate { event in
      if event.step as? TestStep == .deepLink, let flow = event.flow as? LoggingFlow {
        order.append(flow.name)
      }
    }
    coordinator.coordinate(flow: app, with: OneStepper(withSingleStep: TestStep.startChildren))
    coordinator.navigate(to: TestStep.deepLink)
    #expect(order == ["app", "first", "grandchild", "second"])
    subscription.dispose()
  }

  @Test("ending one flow of a .multiple releases it and nothing else (RxFlow #40, #92)")
  func endOneOfMultiple() {
    let leaks = LeakTracker()
    let coordinator = FlowCoordinator()
    let app = LoggingFlow("app")
    let kept = LoggingFlow("kept")
    do {
      let ending = leaks.track(LoggingFlow("ending"))
      let stepper = leaks.track(NoneStepper())
      app.childrenToStart = [(ending, stepper), (kept, OneStepper(withSingleStep: TestStep.start))]
      coordinator.coordinate(flow: app, with: OneStepper(withSingleStep: TestStep.startChildren))
      app.childrenToStart = []
      stepper.steps.accept(TestStep.endMe)
    }
    #expect(leaks.alive.isEmpty)
    #expect(app.log == ["startChildren", "ended"])
    #expect(coordinator.flows.map { ($0 as! LoggingFlow).name } == ["app", "kept"])
    coordinator.navigate(to: TestStep.deepLink)
    #expect(kept.log == ["start", "deepLink"])
  }

  @Test("a child flow is released when its root is dismissed (a flow in a navigation stack, RxFlow #197)")
  func flowReleasedOnDismissal() {
    let leaks = LeakTracker()
    let window = Window()
    let coordinator = FlowCoordinator()
    let app = LoggingFlow("app")
    window.rootViewController = app.navigation
    do {
      let child = leaks.track(LoggingFlow("child"))
      leaks.track(child.navigation)
      app.childrenToStart = [(child, OneStepper(withSingleStep: TestStep.start))]
      coordinator.coordinate(flow: app, with: OneStepper(withSingleStep: TestStep.startChildren))
      app.childrenToStart = []
      app.navigation.pushViewController(child.navigation)
      #expect(coordinator.flows.count == 2)
    }
    app.navigation.popViewController()
    #expect(coordinator.flows.count == 1)
    #expect(leaks.alive.isEmpty)
  }

  @Test("allowStepWhenDismissed keeps a pair only until its flow ends (RxFlow #181)")
  func allowStepWhenDismissedBounded() {
    let leaks = LeakTracker()
    let window = Window()
    let coordinator = FlowCoordinator()
    let app = LoggingFlow("app")
    window.rootViewController = app.navigation
    coordinator.coordinate(flow: app, with: app)
    do {
      let child = leaks.track(LoggingFlow("child"))
      child.allowStepWhenDismissed = true
      let childStepper = leaks.track(NoneStepper())
      app.childrenToStart = [(child, childStepper)]
      app.steps.accept(TestStep.startChildren)
      app.childrenToStart = []
      app.navigation.pushViewController(child.navigation)
      childStepper.steps.accept(TestStep.push("detail"))
      let detail = child.pushed["detail"]!
      leaks.track(detail.screen)
      leaks.track(detail.stepper)
      child.navigation.popViewController()
      // Dismissed, but its stepper still reaches the flow.
      detail.stepper.steps.accept(TestStep.show("after dismissal"))
      #expect(child.log.last == "show(\"after dismissal\")")
      childStepper.steps.accept(TestStep.endMe)
    }
    #expect(leaks.alive.isEmpty)
  }

  @Test("hidden steps: dropped and reported by default, buffered or delivered on request (RxFlow #60, #88)")
  func visibilityPolicies() {
    for policy in [HiddenStepPolicy.drop, .buffer, .deliver] {
      let window = Window()
      let coordinator = FlowCoordinator()
      let diagnostics = CoordinatorDiagnostics(coordinator)
      let flow = LoggingFlow("app")
      flow.pushPolicy = policy
      window.rootViewController = flow.navigation
      coordinator.coordinate(flow: flow, with: flow)
      flow.steps.accept(TestStep.push("A"))
      flow.steps.accept(TestStep.push("B"))  // covers A
      let hidden = flow.pushed["A"]!.stepper
      hidden.steps.accept(TestStep.show("first"))  // the first step of a stepper always passes
      hidden.steps.accept(TestStep.show("while hidden"))
      let beforePop = flow.log.last
      flow.navigation.popViewController()  // A visible again
      switch policy {
      case .drop:
        #expect(beforePop == "show(\"first\")")
        #expect(!flow.log.contains("show(\"while hidden\")"))
        #expect(
          diagnostics.all == [
            .droppedStep(step: TestStep.show("while hidden"), flow: "LoggingFlow", presentable: "Screen")
          ])
      case .buffer:
        #expect(beforePop == "show(\"first\")")
        #expect(flow.log.last == "show(\"while hidden\")")
        #expect(diagnostics.all.isEmpty)
      case .deliver:
        #expect(beforePop == "show(\"while hidden\")")
        #expect(diagnostics.all.isEmpty)
      }
    }
  }

  @Test("a flow that is its own stepper: re-entrant steps are queued FIFO")
  func reentrantSteps() {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.loop(2))
    #expect(
      flow.log == ["loop(2)", "exit loop(2)", "loop(1)", "exit loop(1)", "loop(0)", "exit loop(0)"])
  }

  @Test("a flow awaited by Flows.use(.ready) whose stepper never emits is reported (RxFlow #143)")
  func neverReady() {
    final class WaitingFlow: Flow {
      let child = LoggingFlow("silent")
      let tabs = TabBar()
      var root: Presentable { tabs }
      func navigate(to step: Step) -> FlowContributors {
        Flows.use(child, when: .ready) { [tabs] (root: NavigationStack) in tabs.setViewControllers([root]) }
        return .one(
          flowContributor: .contribute(withNextPresentable: child, withNextStepper: NoneStepper()))
      }
    }
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = WaitingFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    #expect(diagnostics.all == [.mayNeverBeReady(flow: "LoggingFlow", stepper: "NoneStepper")])
    #expect(flow.tabs.viewControllers.isEmpty)
    // Once it emits, it becomes ready and the block runs.
    coordinator.navigate(to: TestStep.start)
    #expect(flow.tabs.viewControllers.count == 1)
  }

  @Test("Flows.use with the wrong root type is reported, not a crash")
  func wrongRootType() {
    final class MisusingFlow: Flow {
      let child = LoggingFlow("child")
      var called = false
      var root: Presentable { child.navigation }
      func navigate(to step: Step) -> FlowContributors {
        Flows.use(child, when: .created) { [unowned self] (_: TabBar) in called = true }
        return .none
      }
    }
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = MisusingFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    #expect(!flow.called)
    #expect(
      diagnostics.all == [.wrongRootType(flow: "LoggingFlow", expected: "TabBar", actual: "NavigationStack")])
    // The case's text says how to fix it.
    #expect(
      diagnostics.messages == [
        """
        Flows.use: the root of LoggingFlow is NavigationStack, not TabBar, so the block was not \
        called. Declare the block's parameter as NavigationStack (or a type it inherits from).
        """
      ])
  }

  @Test("steps accepted on other threads are handled on the main actor, in each sender's order")
  func stepsFromOtherThreads() async {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    let steps = flow.steps
    var events = coordinator.didNavigate.makeAsyncIterator()
    await Task.detached {
      for index in 0..<100 { steps.accept(TestStep.fast(index)) }
    }.value
    for _ in 0..<100 { _ = await events.next() }
    #expect(flow.log == (0..<100).map { "fast(\($0))" })
  }
}

@MainActor
@Suite("Flow: lifetime at scale", .checksLeaks)
struct FlowLifetimeTests {
  @Test("10,000 child flows started and ended: none left alive, none left in the coordinator")
  func tenThousandChildFlows() {
    let leaks = LeakTracker()
    let coordinator = FlowCoordinator()
    let app = LoggingFlow("app")
    coordinator.coordinate(flow: app, with: app)
    for index in 0..<10_000 {
      let child = leaks.track(LoggingFlow("child \(index)"))
      let stepper = leaks.track(NoneStepper())
      app.childrenToStart = [(child, stepper)]
      app.steps.accept(TestStep.startChildren)
      app.childrenToStart = []
      stepper.steps.accept(TestStep.endMe)
    }
    #expect(coordinator.flows.count == 1)
    #expect(leaks.alive.isEmpty)
    #expect(app.log.count == 20_000)
  }
}

@MainActor
@Suite("Flow: contributions and classic coordinators", .checksLeaks)
struct ContributionTests {
  @Test("a contributed screen and stepper are released when the screen is dismissed")
  func pairReleasedOnDismissal() {
    let leaks = LeakTracker()
    let window = Window()
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    window.rootViewController = flow.navigation
    coordinator.coordinate(flow: flow, with: flow)
    do {
      flow.steps.accept(TestStep.push("detail"))
      let detail = flow.pushed.removeValue(forKey: "detail")!
      leaks.track(detail.screen)
      leaks.track(detail.stepper)
      detail.stepper.steps.accept(TestStep.show("while shown"))
      #expect(flow.log.last == "show(\"while shown\")")
    }
    flow.navigation.popViewController()
    #expect(leaks.alive.isEmpty)
  }

  @Test("a flow contributes a classic coordinator's root; the coordinator steps back through the flow")
  func flowContributesCoordinator() {
    final class PickerCoordinator: Coordinator, Stepper {
      var childCoordinators: [Coordinator] = []
      weak var parentCoordinator: Coordinator?
      let steps = PublishRelay<Step>()
      let navigationController = NavigationStack(title: "Picker")
      func start() { navigationController.setViewControllers([Screen(title: "Pick one")]) }
      func pick(_ name: String) { steps.accept(TestStep.show(name)) }
    }
    final class HostFlow: Flow {
      let tabs = TabBar(title: "Host")
      var picked: [String] = []
      weak var picker: PickerCoordinator?
      var root: Presentable { tabs }
      func navigate(to step: Step) -> FlowContributors {
        switch step as? TestStep {
        case .start:
          let picker = PickerCoordinator()
          self.picker = picker
          picker.start()
          tabs.present(picker.navigationController, style: .pageSheet)
          return .one(
            flowContributor: .contribute(
              withNextPresentable: picker.navigationController, withNextStepper: picker))
        case .show(let name):
          picked.append(name)
          tabs.dismiss()
          return .none
        default:
          return .none
        }
      }
    }
    let leaks = LeakTracker()
    let window = Window()
    let flow = HostFlow()
    window.rootViewController = flow.tabs
    let coordinator = FlowCoordinator()
    do {
      coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
      #expect(window.topScreen?.title == "Pick one")
      leaks.track(flow.tabs.presentedScreen!)
      leaks.track(flow.picker!)
      #expect(
        window.render() == """
          window
            tabs "Host"
              modal(pageSheet) navigation "Picker" *
                screen "Pick one" *
          """)
      // The coordinator steps instead of calling a delegate; the flow dismisses it.
      flow.picker?.pick("blue")
    }
    #expect(flow.picked == ["blue"])
    #expect(window.render() == "window\n  tabs \"Host\" *")
    #expect(leaks.alive.isEmpty)
  }
}

@MainActor
@Suite("Flow: load", .checksLeaks)
struct FlowLoadTests {
  @Test("100,000 steps from 8 concurrent steppers into one coordinator: none lost, each stepper's order kept")
  func concurrentSteppers() async {
    final class CountingFlow: Flow {
      let screen = Screen(title: "Counter")
      var root: Presentable { screen }
      var lastIndex = [Int](repeating: -1, count: 8)
      var handled = 0
      var outOfOrder = 0
      func navigate(to step: Step) -> FlowContributors {
        if case .fast(let value) = step as? TestStep {
          let (sender, index) = (value / 1_000_000, value % 1_000_000)
          if index != lastIndex[sender] + 1 { outOfOrder += 1 }
          lastIndex[sender] = index
          handled += 1
        }
        return .none
      }
    }
    let coordinator = FlowCoordinator()
    let flow = CountingFlow()
    let steppers = (0..<8).map { _ in NoneStepper() }
    coordinator.coordinate(flow: flow, with: CompositeStepper(steppers: steppers))
    let relays = steppers.map(\.steps)
    await withTaskGroup(of: Void.self) { group in
      for (sender, relay) in relays.enumerated() {
        group.addTask {
          for index in 0..<12_500 { relay.accept(TestStep.fast(sender * 1_000_000 + index)) }
        }
      }
    }
    // When the senders return, not every step has reached the coordinator: the composite
    // stepper's relay delivers what several threads send one delivery at a time, and after 1,024
    // deliveries a sender hands the rest to a task of its own (a thread that sends is not kept
    // delivering what the others send), which may still be running on another thread. So the
    // test waits for the steps, not for one turn of the main actor. A lost step fails the wait
    // (after the hang guard) — it does not hang.
    await expectEventually("every step handled") { flow.handled == 100_000 }
    #expect(flow.handled == 100_000)
    #expect(coordinator.pendingSteps == 0)
    #expect(flow.outOfOrder == 0)
    #expect(flow.lastIndex == [Int](repeating: 12_499, count: 8))
  }
}

@MainActor
@Suite("Flow: coordinator lifetime", .checksLeaks)
struct CoordinatorLifetimeTests {
  @Test("a released coordinator releases its flows, their steppers and contributions")
  func releasedCoordinator() async {
    let leaks = LeakTracker()
    let window = Window()
    do {
      let coordinator = leaks.track(FlowCoordinator())
      let app = leaks.track(LoggingFlow("app"))
      let child = leaks.track(LoggingFlow("child"))
      let childStepper = leaks.track(NoneStepper())
      window.rootViewController = app.navigation
      app.childrenToStart = [(child, childStepper)]
      coordinator.coordinate(flow: app, with: app)
      app.steps.accept(TestStep.startChildren)
      app.steps.accept(TestStep.push("detail"))
      leaks.track(app.pushed["detail"]!.stepper)
      app.childrenToStart = []
      app.pushed.removeAll()
    }
    window.rootViewController = nil
    await leaks.expectAllReleased()
  }
}
