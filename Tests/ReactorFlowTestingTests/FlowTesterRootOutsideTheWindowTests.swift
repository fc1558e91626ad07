import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A flow whose root is the window it is given (the way the Testing article's `AppFlow` draws).
final class WindowRootedFlow: Flow {
  let window: Window
  var root: Presentable { window }
  init(window: Window) { self.window = window }

  func navigate(to step: Step) -> FlowContributors {
    guard step as? ListStep == .listIsRequired else { return .none }
    window.rootViewController = Screen(title: "Items")
    return .none
  }
}

/// The issues recorded that say a flow's root is not in the tester's window.
private func isRootOutsideTheWindow(_ issue: Issue) -> Bool {
  issue.comments.map(\.rawValue).joined().contains("not in the tester's window")
    || issue.comments.map(\.rawValue).joined().contains("a window other than the tester's")
}

@MainActor
@Suite("ReactorFlowTesting: FlowTester fails on a flow whose root is not in its window", .checksLeaks)
struct FlowTesterRootOutsideTheWindowTests {
  @Test("a root never put in the window fails at start, saying how to attach it")
  func rootNeverAttached() async {
    let tester = FlowTester()
    let flow = ListFlow()
    let startLine = #line + 2
    withKnownIssue {
      tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return isRootOutsideTheWindow(issue)
        && text.contains(#"The root of ListFlow, NavigationStack "List", is not in any window"#)
        && text.contains("renders `window` alone")
        && text.contains(
          "`Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }`")
        && issue.sourceLocation?.line == startLine
        && issue.sourceLocation?.fileID == #fileID
    }
    // Only steps could be checked: the window shows nothing of the flow. Reported once.
    tester.expectSteps(["ListFlow: listIsRequired"])
    tester.expectRendered("window")
    await tester.finish()
  }

  @Test("a step that comes later is checked at the next call, and reported at start")
  func rootCheckedOnceTheFirstStepCame() async {
    let tester = FlowTester()
    let flow = ListFlow()
    let startLine = #line + 1
    tester.start(flow, with: flow)  // no step yet: nothing to check
    let steps = flow.steps
    Task.detached { steps.accept(ListStep.listIsRequired) }
    await withKnownIssue {
      await tester.waitForSteps(1)
      tester.expectSteps(["ListFlow: listIsRequired"])
    } matching: { issue in
      isRootOutsideTheWindow(issue) && issue.sourceLocation?.line == startLine
    }
    await tester.finish()
  }

  @Test("a root in another window fails; the tester made with that window passes")
  func rootInAnotherWindow() async {
    let other = Window()
    let flow = ListFlow()
    other.rootViewController = flow.navigation
    let tester = FlowTester()
    withKnownIssue {
      tester.start(flow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    } matching: { issue in
      isRootOutsideTheWindow(issue) && issue.comments.map(\.rawValue).joined().contains("in another window")
    }
    tester.expectSteps(["ListFlow: listIsRequired"])
    await tester.finish()

    let flowOfItsWindow = ListFlow()
    let window = Window()
    window.rootViewController = flowOfItsWindow.navigation
    let testerOfItsWindow = FlowTester(window: window)
    testerOfItsWindow.start(flowOfItsWindow, with: OneStepper(withSingleStep: ListStep.listIsRequired))
    testerOfItsWindow.expectSteps(["ListFlow: listIsRequired"])
    await testerOfItsWindow.finish()
  }

  @Test("a flow drawing on a window other than the tester's fails, saying which to give it")
  func flowOnAnotherWindow() async {
    let tester = FlowTester()
    withKnownIssue {
      tester.start(
        WindowRootedFlow(window: Window()), with: OneStepper(withSingleStep: ListStep.listIsRequired))
    } matching: { issue in
      isRootOutsideTheWindow(issue)
        && issue.comments.map(\.rawValue).joined().contains("`WindowRootedFlow(window: tester.window)`")
    }
    tester.expectSteps(["WindowRootedFlow: listIsRequired"])
    await tester.finish()
  }

  @Test("a root put in the window, or a flow given the tester's window, passes")
  func attachedRootsPass() async {
    let tester = FlowTester()
    let flow = ListFlow()
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
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
    await tester.finish()

    let windowTester = FlowTester()
    windowTester.start(
      WindowRootedFlow(window: windowTester.window), with: OneStepper(withSingleStep: ListStep.listIsRequired)
    )
    windowTester.expectSteps(["WindowRootedFlow: listIsRequired"])
    windowTester.expectRendered(
      """
      window
        screen "Items" *
      """)
    await windowTester.finish()
  }
}
