import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

enum ListStep: Step, Equatable {
  case listIsRequired
  case itemIsPicked(Int)
  case back
  case noop
}

/// A list on a navigation stack; picking an item pushes its detail, whose view model steps back.
final class ListFlow: Flow, Stepper {
  let navigation = NavigationStack(title: "List")
  let steps = PublishRelay<Step>()
  var steppers: [NoneStepper] = []
  var root: Presentable { navigation }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? ListStep {
    case .listIsRequired:
      navigation.setViewControllers([Screen(title: "Items", content: ["1", "2"])])
      return .none
    case .itemIsPicked(let id):
      let detail = Screen(title: "Item \(id)")
      navigation.pushViewController(detail)
      let stepper = NoneStepper()
      steppers.append(stepper)
      return .one(flowContributor: .contribute(withNextPresentable: detail, withNextStepper: stepper))
    case .back:
      navigation.popViewController()
      return .none
    default:
      return .none
    }
  }
}

@MainActor
@Suite("ReactorFlowTesting: FlowTester and leak checks", .checksLeaks)
struct FlowTesterTests {
  @Test("a flow's steps, rendered tree and released screens, stated exactly, pass")
  func passes() async {
    let tester = FlowTester()
    let flow = ListFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    tester.expectSteps(["ListFlow: listIsRequired"])
    tester.expectRendered(
      """
      window
        navigation "List" *
          screen "Items" *
            | 1
            | 2
      """)
    tester.navigate(to: ListStep.itemIsPicked(2))
    tester.track(flow.navigation.topViewController!)
    tester.navigate(to: ListStep.back)
    tester.expectSteps(["ListFlow: itemIsPicked(2)", "ListFlow: back"])
    #expect(tester.navigationLog.count == 6)
    await tester.finish()
  }

  @Test("steps emitted later by a stepper are awaited")
  func waitsForSteps() async {
    let tester = FlowTester()
    let flow = ListFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: flow)
    let steps = flow.steps
    Task.detached { steps.accept(ListStep.listIsRequired) }
    await tester.waitForSteps(1)
    tester.expectSteps(["ListFlow: listIsRequired"])
    await tester.finish()
  }

  @Test("a wrong tree, wrong steps, unstated steps and a leak each fail")
  func failures() async {
    let tester = FlowTester()
    let flow = ListFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    withKnownIssue {
      tester.expectRendered("window")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The screen tree is not the expected one")
    }
    withKnownIssue {
      tester.expectSteps(["ListFlow: back"])
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The steps handled are not the expected ones")
    }
    tester.navigate(to: ListStep.itemIsPicked(1))
    tester.track(flow.navigation.topViewController!, "detail screen")
    await withKnownIssue {
      // The detail screen stays on the stack: a short hang guard is enough.
      await tester.finish(timeout: .milliseconds(50))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("were not stated") || text.contains("detail screen")
    }
  }

  @Test("expectReleased checks, while the coordinator runs, what should be released by now")
  func releasedWhileCoordinatorRuns() async {
    let tester = FlowTester()
    let flow = ListFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    tester.navigate(to: ListStep.itemIsPicked(1))
    tester.track(flow.navigation.topViewController!, "detail screen")
    tester.navigate(to: ListStep.back)
    flow.steppers.removeAll()
    // The popped screen is released at once, while the coordinator still runs.
    await tester.expectReleased()
    // An object kept for the coordinator's lifetime (a subscription never disposed) would pass
    // a check made once the coordinator is gone; this one catches it.
    let kept = tester.track(Screen(title: "kept"), "kept screen")
    _ = tester.coordinator.didNavigate.subscribe { [kept] _ in _ = kept }
    await withKnownIssue {
      await tester.expectReleased(timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("kept screen")
    }
  }

  @Test("a dropped step is stated as a diagnostic; unstated, it fails finish()")
  func diagnostics() async {
    let tester = FlowTester()
    let flow = ListFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    tester.navigate(to: ListStep.itemIsPicked(1))
    tester.navigate(to: ListStep.itemIsPicked(2))  // covers item 1
    let hidden = flow.steppers[0]
    hidden.steps.accept(ListStep.noop)  // a stepper's first step always passes
    hidden.steps.accept(ListStep.noop)  // dropped: item 1 is no longer on screen
    tester.expectSteps([
      "ListFlow: listIsRequired", "ListFlow: itemIsPicked(1)", "ListFlow: itemIsPicked(2)", "ListFlow: noop",
    ])
    tester.expectDiagnostics([.droppedStep(step: ListStep.noop, flow: "ListFlow", presentable: "Screen")])
    hidden.steps.accept(ListStep.noop)
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("diagnostic(s) were not stated")
    }
  }

  @Test("expectNoLeaks passes when everything is released and fails on a cycle")
  func leaks() async {
    final class Node {
      var next: Node?
    }
    await expectNoLeaks { leaks in
      leaks.track(Node())
    }
    weak var leaked: Node?
    defer { leaked?.next = nil }  // break the cycle: the process itself must not leak
    await withKnownIssue {
      // Kept by a cycle: a short hang guard is enough.
      await expectNoLeaks(timeout: .milliseconds(50)) { leaks in
        let node = leaks.track(Node(), "cyclic node")
        node.next = node
        leaked = node
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("cyclic node")
    }
  }
}
