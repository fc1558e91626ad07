import ReactorFlowTesting
import Testing

@testable import ReactorFlow

@MainActor
@Suite("Flow: ordered adaptation keeps nothing once steps are handled", .checksLeaks)
struct AdaptationTests {
  @Test("the tasks of asynchronous adaptations leave with their steps, not when the flow ends")
  func adaptTasksDoNotAccumulate() async {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    var events = coordinator.didNavigate.makeAsyncIterator()
    for round in 0..<5 {
      let gate = Gate()
      flow.gates[round] = gate
      flow.steps.accept(TestStep.slow(round))
      #expect(coordinator.root?.adaptationTasks?.count == 1)
      gate.open()
      _ = await events.next()
    }
    #expect(flow.log == ["slow(0)", "slow(1)", "slow(2)", "slow(3)", "slow(4)"])
    #expect(coordinator.root?.adaptationTasks?.count == 0)
  }
}
