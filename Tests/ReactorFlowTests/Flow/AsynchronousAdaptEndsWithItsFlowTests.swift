import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A flow whose `adapt(step:)` waits on a gate: `.throwing` throws an error of its own when it is
/// cancelled (as many APIs answer cancellation); `.ignoring` does not notice the cancellation and
/// sends the step once the gate opens.
private final class GatedAdaptFlow: Flow, Stepper {
  enum Waiting { case throwing, ignoring }
  let navigation = NavigationStack(rootViewController: Screen(title: "root"), title: "gated")
  let steps = PublishRelay<Step>()
  let gate: Gate
  let waiting: Waiting
  /// The steps navigated to; outlives the flow.
  let log: StepLog

  init(_ waiting: Waiting, gate: Gate, log: StepLog) {
    self.waiting = waiting
    self.gate = gate
    self.log = log
  }

  var root: Presentable { navigation }

  func adapt(step: Step) -> Effect<Step> {
    let gate = self.gate
    switch waiting {
    case .throwing:
      return .run { send in
        do { try await gate.wait() } catch { throw LoadError() }
        await send(step)
      }
    case .ignoring:
      return .run { send in
        // An unstructured task: the adaptation's cancellation does not reach this wait.
        try? await Task { try await gate.wait() }.value
        await send(step)
      }
    }
  }

  func navigate(to step: Step) -> FlowContributors {
    log.steps.append("\(step)")
    return .none
  }
}

private final class StepLog {
  var steps: [String] = []
}

@MainActor
@Suite("Flow: an asynchronous adapt ends with its flow", .checksLeaks)
struct AsynchronousAdaptEndsWithItsFlowTests {
  @Test(
    "an adapt cancelled with its flow delivers nothing, reports no failure, and lets the flow go",
    .timeLimit(.minutes(5)), arguments: [GatedAdaptFlow.Waiting.throwing, .ignoring])
  fileprivate func cancelledWithItsFlow(_ waiting: GatedAdaptFlow.Waiting) async {
    let leaks = LeakTracker()
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let gate = Gate()
    let log = StepLog()
    do {
      let flow = leaks.track(GatedAdaptFlow(waiting, gate: gate, log: log), "the ended flow")
      coordinator.coordinate(flow: flow, with: flow)
      flow.steps.accept(TestStep.show("adapted"))
    }
    let tasks = coordinator.root!.adaptationTasks!
    #expect(tasks.count == 1)
    leaks.track(coordinator.root!, "the ended flow's node")
    // A new root flow ends this one while its step is still in adapt(step:).
    coordinator.coordinate(flow: LoggingFlow("next"), with: NoneStepper())
    #expect(tasks.count == 0)
    // The ignoring operation goes on to send its step; every part of the run has ended then.
    gate.open()
    await tasks.wait(untilAtMost: 0)
    #expect(log.steps.isEmpty)
    #expect(diagnostics.all == [.endedWhileAdapting(step: TestStep.show("adapted"), flow: "GatedAdaptFlow")])
    await leaks.expectAllReleased()
  }
}
