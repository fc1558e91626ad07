import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Work the step pipeline cannot finish — a step still in an asynchronous `adapt` when its flow
// ends, steps buffered for a screen dismissed while hidden, a `Flows.use(…, when: .ready)` block
// for a flow that ended first — is reported as a typed diagnostic, and nothing is kept alive
// for it.

/// A root flow that starts a child, waiting for it with `Flows.use(…, when: .ready)`; the child's
/// only step ends it, so it is never ready.
final class ReadyWaitingFlow: Flow {
  let tabs = TabBar()
  var root: Presentable { tabs }
  weak var child: LoggingFlow?
  var blockRan = false

  func navigate(to step: Step) -> FlowContributors {
    guard step as? TestStep == .start else { return .none }
    let child = LoggingFlow("child")
    self.child = child
    Flows.use(child, when: .ready) { [unowned self] (_: NavigationStack) in blockRan = true }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.endMe)))
  }
}

@MainActor
@Suite("Flow: lost work is reported, and released", .checksLeaks)
struct LostWorkTests {
  @Test("a step waiting for an asynchronous adapt when its flow ends is reported")
  func adaptThenEnd() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LoggingFlow("app")
    flow.gates[1] = Gate()
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.slow(1))
    flow.steps.accept(TestStep.show("behind"))  // adapted at once, but waits behind slow(1)
    #expect(coordinator.pendingSteps == 2)
    // A new root flow ends this one while slow(1) is still in adapt(step:).
    coordinator.coordinate(flow: LoggingFlow("next"), with: NoneStepper())
    #expect(flow.log.isEmpty)
    #expect(coordinator.pendingSteps == 0)
    #expect(
      diagnostics.all == [
        .endedWhileAdapting(step: TestStep.slow(1), flow: "LoggingFlow"),
        .endedWhileAdapting(step: TestStep.show("behind"), flow: "LoggingFlow"),
      ])
  }

  @Test("a coordinator released while a step is in an asynchronous adapt cancels that work")
  func releasedCoordinatorCancelsAdaptation() async {
    let leaks = LeakTracker()
    do {
      let coordinator = FlowCoordinator()
      let flow = LoggingFlow("app")
      // Captured by the adaptation's task: released once that task ends.
      flow.gates[1] = leaks.track(Gate(), "the adaptation's gate")
      coordinator.coordinate(flow: flow, with: flow)
      flow.steps.accept(TestStep.slow(1))
      #expect(coordinator.pendingSteps == 1)
    }
    // Nothing ends the flow: the coordinator goes, and its work must go with it.
    await leaks.expectAllReleased(timeout: .seconds(20))
  }

  @Test("steps buffered for a hidden screen that is dismissed before visible again are reported")
  func bufferThenDismiss() {
    let window = Window()
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LoggingFlow("app")
    flow.pushPolicy = .buffer
    window.rootViewController = flow.navigation
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.push("A"))
    flow.steps.accept(TestStep.push("B"))  // covers A
    let hidden = flow.pushed["A"]!.stepper
    hidden.steps.accept(TestStep.show("first"))  // the first step of a stepper always passes
    hidden.steps.accept(TestStep.show("held 1"))
    hidden.steps.accept(TestStep.show("held 2"))
    #expect(diagnostics.all.isEmpty)
    _ = flow.navigation.popToRootViewController()  // A leaves without being visible again
    flow.pushed.removeAll()
    #expect(!flow.log.contains("show(\"held 1\")"))
    #expect(
      diagnostics.all == [
        .bufferedStepDiscarded(step: TestStep.show("held 1"), flow: "LoggingFlow", presentable: "Screen"),
        .bufferedStepDiscarded(step: TestStep.show("held 2"), flow: "LoggingFlow", presentable: "Screen"),
      ])
    window.rootViewController = nil
  }

  @Test("a flow that ends before it is ready is released while the coordinator lives, and reported")
  func readinessThenEnd() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = ReadyWaitingFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    // The child handled its only step, which ended it: it never became ready.
    #expect(!flow.blockRan)
    #expect(flow.child == nil, "the ended child is kept alive by the waiting Flows.use block")
    // `.end` from the child forwards `ended` to the root flow, which ignores it: nothing else.
    #expect(diagnostics.all == [.endedBeforeReady(flow: "LoggingFlow")])
    withExtendedLifetime(coordinator) {}
  }
}
