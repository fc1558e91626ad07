import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// RxFlow's `Flows.use(…, when: .ready)` waits until the flows are ready whenever it is called:
/// in an app's set-up, before any coordinator runs them, as well as in `navigate(to:)`.
@Suite("Flows.use(…, when: .ready) outside navigate(to:) waits for the flows", .checksLeaks)
@MainActor
struct ReadinessAwaitedOutsideNavigationTests {
  @Test("a block registered before the flow is coordinated runs once it handled its first step")
  func beforeCoordinating() async {
    let window = Window()
    let flow = LoggingFlow("home")
    var ran: [String] = []
    let diagnostics = await withDiagnostics {
      Flows.use(flow, when: .ready) { (root: NavigationStack) in
        ran.append("ready: \(flow.log)")
        window.rootViewController = root
      }
      #expect(ran.isEmpty)
      let coordinator = FlowCoordinator()
      coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
      withExtendedLifetime(coordinator) {}
    }
    #expect(ran == ["ready: [\"start\"]"])
    #expect(window.rootViewController === flow.navigation)
    #expect(diagnostics.isEmpty)
  }

  @Test("two flows: the block waits for both, each coordinated by its own coordinator")
  func twoFlows() {
    let first = LoggingFlow("first")
    let second = LoggingFlow("second")
    var ran = 0
    Flows.use(first, second, when: .ready) { (_: NavigationStack, _: NavigationStack) in ran += 1 }
    let one = FlowCoordinator()
    one.coordinate(flow: first, with: OneStepper(withSingleStep: TestStep.start))
    #expect(ran == 0)
    let other = FlowCoordinator()
    other.coordinate(flow: second, with: OneStepper(withSingleStep: TestStep.start))
    #expect(ran == 1)
    withExtendedLifetime((one, other)) {}
  }

  @Test("a flow ready already: the block runs at once")
  func readyAlready() {
    let flow = LoggingFlow("home")
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    var ran = 0
    Flows.use(flow, when: .ready) { (_: NavigationStack) in ran += 1 }
    #expect(ran == 1)
    withExtendedLifetime(coordinator) {}
  }

  @Test("a block whose flow is released without being coordinated lets the flow go")
  func releasedBeforeCoordinating() {
    weak var released: LoggingFlow?
    do {
      let flow = LoggingFlow("never coordinated")
      released = flow
      Flows.use(flow, when: .ready) { (_: NavigationStack) in Issue.record("ran for a flow never coordinated")
      }
    }
    #expect(released == nil)
    // A later flow's readiness does not run the dropped block.
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: LoggingFlow("other"), with: OneStepper(withSingleStep: TestStep.start))
    withExtendedLifetime(coordinator) {}
  }
}
