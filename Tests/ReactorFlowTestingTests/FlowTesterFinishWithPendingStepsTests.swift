import Dispatch
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A list whose `.noop` step is adapted by work that does not finish until `release` yields.
private final class SlowAdaptingFlow: Flow, Stepper {
  let navigation = NavigationStack(title: "List")
  let steps = PublishRelay<Step>()
  let (released, release) = AsyncStream<Void>.makeStream()
  var root: Presentable { navigation }

  func adapt(step: Step) -> Effect<Step> {
    guard step as? ListStep == .noop else { return .just(step) }
    let released = released
    return .run { send in
      for await _ in released { break }
      await send(step)
    }
  }

  func navigate(to step: Step) -> FlowContributors {
    if step as? ListStep == .listIsRequired {
      navigation.setViewControllers([Screen(title: "Items")])
    }
    return .none
  }
}

@MainActor
@Suite("ReactorFlowTesting: FlowTester.finish() and the steps still pending", .checksLeaks)
struct FlowTesterFinishWithPendingStepsTests {
  private nonisolated static func isPendingStepsIssue(_ issue: Issue) -> Bool {
    let text = issue.comments.map(\.rawValue).joined()
    return text.contains("still pending") && text.contains("waitForSteps")
  }

  @Test("finish() fails, saying what to do, while a step is still in an asynchronous adapt")
  func stepInAdapt() async {
    let tester = FlowTester()
    let flow = SlowAdaptingFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: flow)
    flow.steps.accept(ListStep.listIsRequired)
    tester.expectSteps(["SlowAdaptingFlow: listIsRequired"])
    flow.steps.accept(ListStep.noop)
    #expect(tester.coordinator.pendingSteps == 1)
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      Self.isPendingStepsIssue(issue)
    }
  }

  @Test("a step accepted on another thread counts as pending until the main actor takes it")
  func stepInInbox() async {
    let tester = FlowTester()
    let flow = SlowAdaptingFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: flow)
    let steps = flow.steps
    // Accepted in a block of a global queue: it waits for the main actor, busy running this test.
    DispatchQueue.global().sync { steps.accept(ListStep.listIsRequired) }
    #expect(tester.coordinator.pendingSteps == 1)
    await tester.waitForSteps(1)
    #expect(tester.coordinator.pendingSteps == 0)
    tester.expectSteps(["SlowAdaptingFlow: listIsRequired"])
    await tester.finish()
  }

  @Test("the step awaited and stated, finish() passes")
  func stepAwaited() async {
    let tester = FlowTester()
    let flow = SlowAdaptingFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: flow)
    flow.steps.accept(ListStep.noop)
    #expect(tester.coordinator.pendingSteps == 1)
    flow.release.yield()
    await tester.waitForSteps(1)
    tester.expectSteps(["SlowAdaptingFlow: noop"])
    await tester.finish()
  }
}
