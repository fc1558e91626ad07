import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A flow that looks each step up asynchronously, the newest look-up winning: its `adapt(step:)`
/// waits on the step's gate inside `.cancellable(id: "lookup", cancelInFlight: true)`.
private final class LatestLookupFlow: Flow, Stepper {
  let navigation = NavigationStack(rootViewController: Screen(title: "root"), title: "lookup")
  let steps = PublishRelay<Step>()
  var gates: [String: Gate] = [:]
  var log: [String] = []

  var root: Presentable { navigation }

  func adapt(step: Step) -> Effect<Step> {
    guard case .show(let name) = step as? TestStep, let gate = gates[name] else { return .just(step) }
    return Effect<Step>.run { send in
      try await gate.wait()
      await send(step)
    }
    .cancellable(id: "lookup", cancelInFlight: true)
  }

  func navigate(to step: Step) -> FlowContributors {
    log.append("\(step)")
    return .none
  }
}

@MainActor
@Suite("Flow: a flow's adaptations share its cancellation ids", .checksLeaks)
struct AdaptationsShareTheirFlowsCancellationIDsTests {
  @Test(
    "cancelInFlight in a newer step's adaptation cancels an older one's, which goes on with no step",
    .timeLimit(.minutes(5)))
  func newerAdaptationCancelsOlder() async {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LatestLookupFlow()
    let newer = Gate()
    flow.gates = ["older": Gate(), "newer": newer]
    coordinator.coordinate(flow: flow, with: flow)
    var events = coordinator.didNavigate.makeAsyncIterator()
    flow.steps.accept(TestStep.show("older"))
    flow.steps.accept(TestStep.show("newer"))
    newer.open()
    _ = await events.next()
    #expect(flow.log == ["show(\"newer\")"])
    #expect(diagnostics.all == [.filteredByAdapt(step: TestStep.show("older"), flow: "LatestLookupFlow")])
  }
}
