import ConcurrencyExtras
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// A step accepted on another thread (a detached task, a network callback) is handled on the main
// actor in a task that its sender started, where the task-local values of the code that made the
// coordinator are not bound. What the step makes must still be recorded by the test's leak
// recorder, and what it reports must still reach the diagnostics handler.

/// A root flow whose `.push` pushes a screen and forwards a step to a parent it does not have
/// (a diagnostic reported while the step is handled).
private final class PushingFlow: Flow, Stepper {
  let navigation = NavigationStack(rootViewController: Screen(title: "root"), title: "app")
  var root: Presentable { navigation }
  let steps = PublishRelay<Step>()
  var log: [String] = []

  func navigate(to step: Step) -> FlowContributors {
    log.append("\(step)")
    guard case .push(let title) = step as? TestStep else { return .none }
    navigation.pushViewController(Screen(title: title))
    return .one(flowContributor: .forwardToParentFlow(withStep: TestStep.ended))
  }
}

@MainActor
@Suite("Flow: a step drained off the main actor keeps the coordinator's task-local values", .checksLeaks)
struct StepsFromOtherThreadsKeepTaskLocalsTests {
  @Test("a step from a detached task: what it makes is leak-checked, what it reports reaches the handler")
  func detachedStep() async {
    let recorder = LiveObjects()
    let reported = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
    let handler = ReactorFlowDiagnostics.Handler { diagnostic in reported.withValue { $0.append(diagnostic) }
    }
    let window = Window()
    let flow = PushingFlow()
    window.rootViewController = flow.navigation
    let coordinator = LiveObjects.$recorder.withValue(recorder) {
      ReactorFlowDiagnostics.$handler.withValue(handler) {
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: flow)
        return coordinator
      }
    }
    // Outside the bindings from here on: the sender is a detached task, as a network callback is.
    let steps = flow.steps
    await Task.detached { steps.accept(TestStep.push("from another thread")) }.value
    await expectEventually { flow.log.count == 1 }
    #expect(flow.log == ["push(\"from another thread\")"])
    #expect(recorder.alive.contains("Screen \"from another thread\""), "recorded: \(recorder.alive)")
    #expect(reported.value == [.flow(.noParentFlow(step: TestStep.ended, flow: "PushingFlow"))])
    window.rootViewController = nil
    _ = coordinator
  }
}
