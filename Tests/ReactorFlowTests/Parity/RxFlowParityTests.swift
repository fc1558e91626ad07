import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// RxFlow's own test suite (FlowCoordinatorTests, StepperTests), re-expressed against ReactorFlow:
// what an RxFlow user expects, with weak references proving what is released.

enum TestSteps: Step, Equatable {
  case one
  case two
  case three
  case multiple
  case multipleForwardFirst
  case composite
  case unauthorized
}

/// RxFlow's `TestOneAndMultipleFlowCoordinatorFlow`: records every step; `.multiple` contributes
/// a presentable with a `OneStepper(.two)` and forwards `.one` to itself.
final class TestOneAndMultipleFlowCoordinatorFlow: Flow {
  private let rootViewController = Screen(title: "root")
  var recordedSteps: [Step] = []
  /// The contributed presentables, never dismissed (the coordinator holds them weakly, as the
  /// screen tree owns screens).
  private var shown: [Screen] = []
  /// What the last `.multiple` contributed, to check it is released.
  weak var contributedPresentable: Screen?
  weak var contributedStepper: Stepper?

  var root: Presentable { rootViewController }

  func navigate(to step: Step) -> FlowContributors {
    recordedSteps.append(step)
    guard let step = step as? TestSteps else { return .none }
    switch step {
    case .multiple, .multipleForwardFirst:
      let presentable = Screen(title: "never dismissed")
      let stepper = OneStepper(withSingleStep: TestSteps.two)
      (contributedPresentable, contributedStepper) = (presentable, stepper)
      shown.append(presentable)
      let contribute = FlowContributor.contribute(withNextPresentable: presentable, withNextStepper: stepper)
      let forward = FlowContributor.forwardToCurrentFlow(withStep: TestSteps.one)
      return .multiple(flowContributors: step == .multiple ? [contribute, forward] : [forward, contribute])
    case .composite:
      // A stepper that emits while connected (a CompositeStepper's inner initial steps come from
      // its readyToEmitSteps()) also comes before the forwarded step. The screen is not on
      // screen: past the first step, its steps pass only with allowStepWhenNotPresented.
      let presentable = Screen(title: "composite")
      let stepper = CompositeStepper(steppers: [
        OneStepper(withSingleStep: TestSteps.two), OneStepper(withSingleStep: TestSteps.three),
      ])
      (contributedPresentable, contributedStepper) = (presentable, stepper)
      shown.append(presentable)
      return .multiple(flowContributors: [
        .contribute(
          withNextPresentable: presentable, withNextStepper: stepper, allowStepWhenNotPresented: true),
        .forwardToCurrentFlow(withStep: TestSteps.one),
      ])
    default:
      return .none
    }
  }
}

/// RxFlow's `TestDismissedFlow` and `TestLeakingFlow`: a flow on a navigation stack that the
/// window shows; `.one` contributes a screen with a stepper, `.three` pushes a screen.
final class TestDismissedFlow: Flow {
  let rootViewController = NavigationStack(rootViewController: Screen(title: "home"), title: "dismissed")
  var recordedSteps: [Step] = []
  weak var childViewController: Screen?
  weak var childStepper: NoneStepper?

  var root: Presentable { rootViewController }

  func navigate(to step: Step) -> FlowContributors {
    recordedSteps.append(step)
    guard step as? TestSteps == .one else { return .none }
    let viewController = Screen(title: "child")
    let stepper = NoneStepper()
    (childViewController, childStepper) = (viewController, stepper)
    rootViewController.pushViewController(viewController)
    return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: stepper))
  }
}

/// Steps as RxFlow tests compare them.
private func names(_ steps: [Step]) -> [String] { steps.map { "\($0)" } }

@MainActor
@Suite("Parity: RxFlow's FlowCoordinator", .checksLeaks)
struct RxFlowCoordinatorParityTests {
  @Test("testMultipleSideEffectsPerformed: the flow receives .multiple, .two, .one")
  func multipleSideEffectsPerformed() {
    let flowCoordinator = FlowCoordinator()
    let testFlow = TestOneAndMultipleFlowCoordinatorFlow()
    flowCoordinator.coordinate(flow: testFlow, with: OneStepper(withSingleStep: TestSteps.multiple))
    #expect(names(testFlow.recordedSteps) == ["multiple", "two", "one"])
  }

  @Test("the contributed stepper's initial step comes first wherever the forward is listed")
  func forwardListedFirst() {
    let flowCoordinator = FlowCoordinator()
    let testFlow = TestOneAndMultipleFlowCoordinatorFlow()
    flowCoordinator.coordinate(
      flow: testFlow, with: OneStepper(withSingleStep: TestSteps.multipleForwardFirst))
    #expect(names(testFlow.recordedSteps) == ["multipleForwardFirst", "two", "one"])
  }

  @Test("steps a contributed stepper emits while connected come before the forwarded step")
  func compositeBeforeForward() {
    let flowCoordinator = FlowCoordinator()
    let testFlow = TestOneAndMultipleFlowCoordinatorFlow()
    flowCoordinator.coordinate(flow: testFlow, with: OneStepper(withSingleStep: TestSteps.composite))
    #expect(names(testFlow.recordedSteps) == ["composite", "two", "three", "one"])
  }

  @Test("the same order when the .multiple comes from a step emitted later (not the initial one)")
  func multipleFromLaterStep() {
    let flowCoordinator = FlowCoordinator()
    let testFlow = TestOneAndMultipleFlowCoordinatorFlow()
    let stepper = NoneStepper()
    flowCoordinator.coordinate(flow: testFlow, with: stepper)
    stepper.steps.accept(TestSteps.multiple)
    stepper.steps.accept(TestSteps.three)
    #expect(names(testFlow.recordedSteps) == ["multiple", "two", "one", "three"])
  }

  @Test("what a .multiple contributed is released with its coordinator")
  func multipleReleased() async {
    let leaks = LeakTracker()
    do {
      let flowCoordinator = leaks.track(FlowCoordinator())
      let testFlow = leaks.track(TestOneAndMultipleFlowCoordinatorFlow())
      flowCoordinator.coordinate(flow: testFlow, with: OneStepper(withSingleStep: TestSteps.multiple))
      leaks.track(testFlow.contributedPresentable!, "the contributed presentable")
      leaks.track(testFlow.contributedStepper!, "the contributed OneStepper")
    }
    await leaks.expectAllReleased()
  }

  @Test("testStepIsReceivedAfterDismissed: allowStepWhenDismissed keeps the root flow running")
  func stepIsReceivedAfterDismissed() {
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(flowCoordinator)
    let dismissedFlow = TestDismissedFlow()
    window.rootViewController = dismissedFlow.rootViewController
    flowCoordinator.coordinate(
      flow: dismissedFlow, with: OneStepper(withSingleStep: TestSteps.one), allowStepWhenDismissed: true)
    window.rootViewController = Screen(title: "elsewhere")  // the flow's root is dismissed
    #expect(dismissedFlow.rootViewController.isDismissed)
    flowCoordinator.navigate(to: TestSteps.two)
    flowCoordinator.navigate(to: TestSteps.three)
    #expect(names(dismissedFlow.recordedSteps) == ["one", "two", "three"])
    #expect(flowCoordinator.flows.count == 1)
    #expect(diagnostics.all.isEmpty)
  }

  @Test("testFlowIsNotLeakingWhenHasOneStep: a root flow whose root is dismissed is released")
  func flowIsNotLeakingWhenHasOneStep() {
    let leaks = LeakTracker()
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    weak var leakingFlowReference: TestDismissedFlow?
    do {
      let leakingFlow = TestDismissedFlow()
      leakingFlowReference = leakingFlow
      window.rootViewController = leakingFlow.rootViewController
      flowCoordinator.coordinate(flow: leakingFlow, with: OneStepper(withSingleStep: TestSteps.one))
      leaks.track(leakingFlow.childViewController!, "the contributed screen")
      leaks.track(leakingFlow.childStepper!, "the contributed stepper")
    }
    #expect(leakingFlowReference != nil)
    #expect(flowCoordinator.flows.count == 1)
    window.rootViewController = Screen(title: "elsewhere")  // the flow's root is dismissed
    #expect(leakingFlowReference == nil)
    #expect(flowCoordinator.flows.isEmpty)
    #expect(leaks.alive.isEmpty)
  }

  @Test("after the root flow ended, its stepper's steps and deep links are reported, not routed")
  func stepsAfterRootDismissedAreReported() {
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(flowCoordinator)
    let stepper = NoneStepper()
    weak var flowReference: TestDismissedFlow?
    do {
      let flow = TestDismissedFlow()
      flowReference = flow
      window.rootViewController = flow.rootViewController
      flowCoordinator.coordinate(flow: flow, with: stepper)
      stepper.steps.accept(TestSteps.two)
      #expect(names(flow.recordedSteps) == ["two"])
    }
    window.rootViewController = nil
    #expect(flowReference == nil)
    stepper.steps.accept(TestSteps.three)
    flowCoordinator.navigate(to: TestSteps.unauthorized)
    #expect(
      diagnostics.all == [
        .stepAfterRootFlowEnded(step: TestSteps.three, flow: "TestDismissedFlow"),
        .stepAfterRootFlowEnded(step: TestSteps.unauthorized, flow: "TestDismissedFlow"),
      ])
    // The case's text says how to keep the root flow running.
    #expect(
      diagnostics.messages.first?.contains("coordinate(flow:with:allowStepWhenDismissed: true)") == true)
    // A new root flow takes over: its steps are routed again, the old stepper is let go.
    let next = TestOneAndMultipleFlowCoordinatorFlow()
    flowCoordinator.coordinate(flow: next, with: OneStepper(withSingleStep: TestSteps.one))
    stepper.steps.accept(TestSteps.three)
    flowCoordinator.navigate(to: TestSteps.two)
    #expect(names(next.recordedSteps) == ["one", "two"])
    #expect(diagnostics.all.count == 2)
  }

  @Test("the app coordinates a new root flow with the same stepper: it goes on, nothing is reported")
  func sameStepperAfterDismissal() {
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(flowCoordinator)
    let appStepper = NoneStepper()
    let first = TestDismissedFlow()
    window.rootViewController = first.rootViewController
    flowCoordinator.coordinate(flow: first, with: appStepper)
    window.rootViewController = nil  // signed out: the root flow ends
    let second = TestDismissedFlow()
    window.rootViewController = second.rootViewController
    flowCoordinator.coordinate(flow: second, with: appStepper)
    appStepper.steps.accept(TestSteps.two)
    #expect(names(first.recordedSteps).isEmpty)
    #expect(names(second.recordedSteps) == ["two"])
    #expect(diagnostics.all.isEmpty)
    window.rootViewController = nil
  }

  @Test("a root flow that returns .end: reported (no parent), ended, its later steps reported")
  func rootFlowEnds() {
    final class EndingFlow: Flow {
      let screen = Screen(title: "ending")
      var recordedSteps: [Step] = []
      var root: Presentable { screen }
      func navigate(to step: Step) -> FlowContributors {
        recordedSteps.append(step)
        return step as? TestSteps == .one ? .end(forwardToParentFlowWithStep: TestSteps.two) : .none
      }
    }
    let flowCoordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(flowCoordinator)
    let stepper = NoneStepper()
    weak var flowReference: EndingFlow?
    do {
      let flow = EndingFlow()
      flowReference = flow
      flowCoordinator.coordinate(flow: flow, with: stepper)
      stepper.steps.accept(TestSteps.one)
      #expect(names(flow.recordedSteps) == ["one"])
    }
    #expect(flowReference == nil)
    stepper.steps.accept(TestSteps.three)
    let reported = diagnostics.all.map { diagnostic -> String in
      switch diagnostic {
      case .noParentFlow(let step, _): "no parent: \(step)"
      case .stepAfterRootFlowEnded(let step, _): "after the end: \(step)"
      default: "\(diagnostic)"
      }
    }
    #expect(reported == ["no parent: two", "after the end: three"])
  }

  @Test(
    "testChildViewControllerIsNotLeakingWhenParentFlowAllowsStepWhenDismissed: a contributed screen is still released"
  )
  func childViewControllerIsNotLeaking() {
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    let parentFlow = TestDismissedFlow()
    window.rootViewController = parentFlow.rootViewController
    flowCoordinator.coordinate(
      flow: parentFlow, with: OneStepper(withSingleStep: TestSteps.one), allowStepWhenDismissed: true)
    #expect(parentFlow.childViewController != nil)
    #expect(parentFlow.childStepper != nil)
    parentFlow.rootViewController.popViewController()
    #expect(parentFlow.childViewController == nil)
    #expect(parentFlow.childStepper == nil)
    window.rootViewController = nil
  }

  @Test("a child flow contributed with allowStepWhenDismissed outlives its root's dismissal, not its parent")
  func childFlowAllowStepWhenDismissed() {
    let window = Window()
    let flowCoordinator = FlowCoordinator()
    let parent = LoggingFlow("parent")
    window.rootViewController = parent.navigation
    flowCoordinator.coordinate(flow: parent, with: parent)
    weak var childReference: LoggingFlow?
    let childStepper = NoneStepper()
    do {
      let child = LoggingFlow("child")
      childReference = child
      parent.childrenToStart = [(child, childStepper)]
      parent.steps.accept(TestStep.startChildren)
      parent.childrenToStart = []
    }
    // LoggingFlow contributes its children without allowStepWhenDismissed: a pushed child's
    // root popped ends it.
    parent.navigation.pushViewController(childReference!.navigation)
    parent.navigation.popViewController()
    #expect(childReference == nil)

    final class KeepingFlow: Flow {
      let navigation = NavigationStack(rootViewController: Screen(title: "list"), title: "keeping")
      let child = LoggingFlow("kept")
      let childStepper = NoneStepper()
      var root: Presentable { navigation }
      func navigate(to step: Step) -> FlowContributors {
        navigation.pushViewController(child.navigation)
        return .one(
          flowContributor: .contribute(
            withNextPresentable: child, withNextStepper: childStepper, allowStepWhenDismissed: true))
      }
    }
    let keeping = KeepingFlow()
    window.rootViewController = keeping.navigation
    flowCoordinator.coordinate(flow: keeping, with: OneStepper(withSingleStep: TestStep.start))
    keeping.navigation.popViewController()
    #expect(keeping.child.navigation.isDismissed)
    keeping.childStepper.steps.accept(TestStep.show("after dismissal"))
    #expect(keeping.child.log == ["show(\"after dismissal\")"])
    #expect(flowCoordinator.flows.count == 2)
    window.rootViewController = nil  // the parent's root dismissed: the parent ends, and the child
    #expect(flowCoordinator.flows.isEmpty)
  }
}

@MainActor
@Suite("Parity: RxFlow's steppers", .checksLeaks)
struct RxFlowStepperParityTests {
  final class HomeFlow: Flow {
    let screen = Screen(title: "home")
    var recordedSteps: [Step] = []
    var root: Presentable { screen }
    func navigate(to step: Step) -> FlowContributors {
      recordedSteps.append(step)
      return .none
    }
  }

  @Test("coordinate(flow:) without a stepper: the DefaultStepper emits RxFlowStep.home")
  func defaultStepperEmitsHome() {
    let flowCoordinator = FlowCoordinator()
    let flow = HomeFlow()
    flowCoordinator.coordinate(flow: flow)
    #expect(flow.recordedSteps.count == 1)
    #expect(flow.recordedSteps.first as? RxFlowStep == .home)
    #expect(DefaultStepper().initialStep as? RxFlowStep == RxFlowStep.home)
  }

  @Test("testNoneStepper: a NoneStepper emits nothing by itself, and relays what is accepted")
  func noneStepper() {
    let flowCoordinator = FlowCoordinator()
    let flow = HomeFlow()
    let stepper = NoneStepper()
    #expect(stepper.initialStep is NoneStep)
    flowCoordinator.coordinate(flow: flow, with: stepper)
    #expect(flow.recordedSteps.isEmpty)
    stepper.steps.accept(TestSteps.one)
    #expect(names(flow.recordedSteps) == ["one"])
  }

  @Test("testCompositeStepper: the combined steppers' initial steps, in order, then their later steps")
  func compositeStepper() {
    let flowCoordinator = FlowCoordinator()
    let flow = HomeFlow()
    let later = NoneStepper()
    let stepsToEmit = [TestSteps.one, .two, .three]
    let composite = CompositeStepper(steppers: stepsToEmit.map { OneStepper(withSingleStep: $0) } + [later])
    flowCoordinator.coordinate(flow: flow, with: composite)
    later.steps.accept(TestSteps.unauthorized)
    #expect(names(flow.recordedSteps) == ["one", "two", "three", "unauthorized"])
  }

  @Test("a CompositeStepper subclass gives its own initial step, handled before the combined ones")
  func compositeStepperSubclass() async {
    final class DashboardStepper: CompositeStepper {
      override var initialStep: Step { TestSteps.multiple }
    }
    let leaks = LeakTracker()
    do {
      let flowCoordinator = FlowCoordinator()
      let flow = leaks.track(HomeFlow())
      let stepper = leaks.track(
        DashboardStepper(steppers: [
          leaks.track(OneStepper(withSingleStep: TestSteps.one)), leaks.track(NoneStepper()),
        ]))
      flowCoordinator.coordinate(flow: flow, with: stepper)
      #expect(names(flow.recordedSteps) == ["multiple", "one"])
      // Read through the protocol, as the coordinator does.
      let asStepper: Stepper = stepper
      #expect(asStepper.initialStep as? TestSteps == .multiple)
    }
    await leaks.expectAllReleased()
  }

  @Test("a OneStepper subclass may emit more once connected")
  func oneStepperSubclass() {
    final class WelcomeStepper: OneStepper {
      init() { super.init(withSingleStep: TestSteps.one) }
      override func readyToEmitSteps() { steps.accept(TestSteps.two) }
    }
    let flowCoordinator = FlowCoordinator()
    let flow = HomeFlow()
    flowCoordinator.coordinate(flow: flow, with: WelcomeStepper())
    #expect(names(flow.recordedSteps) == ["one", "two"])
  }
}
