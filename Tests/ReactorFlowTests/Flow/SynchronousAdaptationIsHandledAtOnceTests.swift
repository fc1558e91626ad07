import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A flow whose `adapt(step:)` turns a step into several, synchronously.
private final class SplittingFlow: Flow, Stepper {
  let navigation = NavigationStack(rootViewController: Screen(title: "root"), title: "split")
  let steps = PublishRelay<Step>()
  var log: [String] = []

  var root: Presentable { navigation }

  func adapt(step: Step) -> Effect<Step> {
    guard case .show(let name) = step as? TestStep else { return .just(step) }
    return .concat(
      .from([TestStep.show("\(name).1"), TestStep.show("\(name).2")]), .just(TestStep.show("\(name).3")))
  }

  func navigate(to step: Step) -> FlowContributors {
    log.append("\(step)")
    return .none
  }
}

@MainActor
@Suite("Flow: a synchronous adaptation of several steps is handled at once", .checksLeaks)
struct SynchronousAdaptationIsHandledAtOnceTests {
  @Test("the steps of a synchronous concat are handled, in order, before accept returns")
  func handledBeforeAcceptReturns() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = SplittingFlow()
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.show("a"))
    flow.steps.accept(TestStep.show("b"))
    #expect(
      flow.log == [
        "show(\"a.1\")", "show(\"a.2\")", "show(\"a.3\")", "show(\"b.1\")", "show(\"b.2\")",
        "show(\"b.3\")",
      ])
    #expect(coordinator.pendingSteps == 0)
    #expect(diagnostics.all.isEmpty)
  }
}
