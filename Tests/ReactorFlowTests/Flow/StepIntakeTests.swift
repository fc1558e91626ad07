import Dispatch
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// How a step accepted on the main actor reaches its flow without the inbox, and what must still
/// hold: each sender's order, `NoneStep` left out, nothing done for a released coordinator.
@MainActor
@Suite("Flow: the main-actor intake of steps", .checksLeaks)
struct StepIntakeTests {
  @Test("a step accepted on the main actor goes behind the steps of the same sender waiting in the inbox")
  func mainActorStepAfterWaitingSteps() {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    let steps = flow.steps
    // Accepted in a block of a global queue (not the main queue): it goes through the inbox,
    // and waits there for the drain scheduled on the main actor, which cannot run yet.
    DispatchQueue.global().sync { steps.accept(TestStep.fast(1)) }
    #expect(flow.log.isEmpty)
    steps.accept(TestStep.fast(2))
    // Both handled before `accept` returns, in the sender's order.
    #expect(flow.log == ["fast(1)", "fast(2)"])
  }

  @Test("a step accepted on the main actor while one is handled is handled after it, before accept returns")
  func reentrantMainActorStep() {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.loop(2))
    #expect(flow.log == ["loop(2)", "exit loop(2)", "loop(1)", "exit loop(1)", "loop(0)", "exit loop(0)"])
  }

  @Test("a NoneStep accepted on a stepper is left out, from the main actor or another thread")
  func noneStepLeftOut() async {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = LoggingFlow("app")
    coordinator.coordinate(flow: flow, with: flow)
    let steps = flow.steps
    steps.accept(NoneStep())
    await Task.detached { steps.accept(NoneStep()) }.value
    steps.accept(TestStep.show("after"))
    await expectEventually { flow.log == ["show(\"after\")"] }
    #expect(diagnostics.all.isEmpty)
  }

  @Test("a stepper that outlives its coordinator emits into nothing, without a crash")
  func stepperOutlivesCoordinator() async {
    let stepper = NoneStepper()
    let window = Window()
    do {
      let coordinator = FlowCoordinator()
      let flow = LoggingFlow("app")
      window.rootViewController = flow.navigation
      coordinator.coordinate(flow: flow, with: stepper)
      stepper.steps.accept(TestStep.show("while coordinated"))
      #expect(flow.log == ["show(\"while coordinated\")"])
    }
    window.rootViewController = nil
    // The coordinator and its flow are gone, and with them the subscription.
    #expect(stepper.steps.subscriberCount == 0)
    stepper.steps.accept(TestStep.show("after"))
    let steps = stepper.steps
    await Task.detached { steps.accept(TestStep.show("after, from another thread")) }.value
  }
}

/// The coordinator skips `adapt(step:)` only for a flow that keeps the default implementation.
@MainActor
@Suite("Flow: the default adapt(step:) is not asked again", .checksLeaks)
struct DefaultAdaptationTests {
  /// A flow that counts the calls of its own `adapt(step:)`, which may hand the step to another
  /// flow's default implementation.
  final class CountingFlow: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var adaptCalls = 0
    var handled: [String] = []
    var delegate: (any Flow)?

    func adapt(step: Step) -> Effect<Step> {
      adaptCalls += 1
      return delegate?.adapt(step: step) ?? .just(step)
    }

    func navigate(to step: Step) -> FlowContributors {
      handled.append("\(step)")
      return .none
    }
  }

  typealias PlainFlow = DefaultAdaptingFlow<Void>
  /// The flow types of `knownForItsType`, which no other test uses.
  enum Seen {}
  enum NotSeen {}

  /// A flow with the default `adapt(step:)`; each `Tag` makes a type of its own.
  final class DefaultAdaptingFlow<Tag>: Flow {
    let navigation = NavigationStack(rootViewController: Screen(title: "root"))
    var root: Presentable { navigation }
    var handled: [String] = []

    func navigate(to step: Step) -> FlowContributors {
      handled.append("\(step)")
      return .none
    }
  }

  @Test("a flow with its own adapt(step:) is asked for every step")
  func customAdaptAskedEveryTime() {
    let coordinator = FlowCoordinator()
    let flow = CountingFlow()
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    for index in 0..<3 { stepper.steps.accept(TestStep.fast(index)) }
    #expect(flow.adaptCalls == 3)
    #expect(flow.handled == ["fast(0)", "fast(1)", "fast(2)"])
  }

  @Test("a flow whose adapt(step:) hands the step to another flow's default is still asked for every step")
  func delegatingAdaptAskedEveryTime() {
    let coordinator = FlowCoordinator()
    let flow = CountingFlow()
    let other = PlainFlow()
    flow.delegate = other
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    for index in 0..<3 { stepper.steps.accept(TestStep.fast(index)) }
    #expect(flow.adaptCalls == 3)
    #expect(flow.handled == ["fast(0)", "fast(1)", "fast(2)"])
    #expect(other.handled.isEmpty)
  }

  @Test("a flow with the default adapt(step:) handles its steps as they are")
  func defaultAdaptPassesSteps() {
    let coordinator = FlowCoordinator()
    let flow = PlainFlow()
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    for index in 0..<3 { stepper.steps.accept(TestStep.fast(index)) }
    coordinator.navigate(to: TestStep.deepLink)
    #expect(flow.handled == ["fast(0)", "fast(1)", "fast(2)", "deepLink"])
  }

  @Test(
    "a flow of a type found keeping the default adapt(step:) is not asked from its first step; another type, or one with its own adapt, still is"
  )
  func knownForItsType() {
    let first = FlowCoordinator()
    let seen = DefaultAdaptingFlow<Seen>()
    first.coordinate(flow: seen, with: NoneStepper())
    #expect(first.root?.hot.value.adaptsByDefault == false)
    first.navigate(to: TestStep.deepLink)
    #expect(first.root?.hot.value.adaptsByDefault == true)

    let second = FlowCoordinator()
    let later = DefaultAdaptingFlow<Seen>()
    let stepper = NoneStepper()
    second.coordinate(flow: later, with: stepper)
    #expect(second.root?.hot.value.adaptsByDefault == true)
    stepper.steps.accept(TestStep.fast(1))
    #expect(later.handled == ["fast(1)"])

    // Another specialization of the generic flow is a type of its own, found with its own step.
    let other = FlowCoordinator()
    other.coordinate(flow: DefaultAdaptingFlow<NotSeen>(), with: NoneStepper())
    #expect(other.root?.hot.value.adaptsByDefault == false)

    let custom = FlowCoordinator()
    let counting = CountingFlow()
    let countingStepper = NoneStepper()
    custom.coordinate(flow: counting, with: countingStepper)
    countingStepper.steps.accept(TestStep.fast(2))
    #expect(custom.root?.hot.value.adaptsByDefault == false)
    #expect(counting.adaptCalls == 1)
  }

  @Test("DefaultAdaptation tells the default implementation from a custom one, for the flow asked")
  func detection() {
    let plain = PlainFlow()
    let counting = CountingFlow()
    #expect(DefaultAdaptation.adapt(TestStep.start, by: plain).isDefault)
    #expect(!DefaultAdaptation.adapt(TestStep.start, by: counting).isDefault)
    counting.delegate = plain
    #expect(!DefaultAdaptation.adapt(TestStep.start, by: counting).isDefault)
  }
}

/// The unretained reference to the coordinator whose flow navigates.
@MainActor
@Suite("Flow: the navigating coordinator", .checksLeaks)
struct NavigatingCoordinatorTests {
  @Test("set only while with(_:_:) runs, nested scopes restore the outer one")
  func scoped() {
    let outer = FlowCoordinator()
    let inner = FlowCoordinator()
    #expect(FlowCoordinator.navigating == nil)
    NavigatingCoordinator.with(outer) {
      #expect(FlowCoordinator.navigating === outer)
      NavigatingCoordinator.with(inner) {
        #expect(FlowCoordinator.navigating === inner)
      }
      #expect(FlowCoordinator.navigating === outer)
    }
    #expect(FlowCoordinator.navigating == nil)
  }

  @Test("a flow sees its coordinator while it navigates, and nothing after")
  func duringNavigate() {
    final class ProbeFlow: Flow {
      let navigation = NavigationStack(rootViewController: Screen(title: "root"))
      var root: Presentable { navigation }
      // Identities, not references: the flow must not keep its coordinator alive.
      var seen: [ObjectIdentifier?] = []
      func navigate(to step: Step) -> FlowContributors {
        seen.append(FlowCoordinator.navigating.map(ObjectIdentifier.init))
        return .none
      }
    }
    let coordinator = FlowCoordinator()
    let flow = ProbeFlow()
    let stepper = NoneStepper()
    coordinator.coordinate(flow: flow, with: stepper)
    stepper.steps.accept(TestStep.start)
    #expect(flow.seen == [ObjectIdentifier(coordinator)])
    #expect(FlowCoordinator.navigating == nil)
  }
}

/// The hold's bookkeeping: holders told in the order they registered, once the last hold closes.
@MainActor
@Suite("Flow: TransitionHold tells its holders in order")
struct TransitionHoldOrderTests {
  final class Holder: TransitionHolder {
    let name: String
    let log: Log
    var onRun: (() -> Void)?
    init(_ name: String, _ log: Log) {
      self.name = name
      self.log = log
    }
    func runHeldTransitions() {
      log.entries.append(name)
      let run = onRun
      onRun = nil
      run?()
    }
  }

  final class Log {
    var entries: [String] = []
  }

  @Test("first registered first, once the outermost hold closes")
  func order() {
    let log = Log()
    let (a, b, c) = (Holder("a", log), Holder("b", log), Holder("c", log))
    TransitionHold.begin()
    TransitionHold.register(a)
    TransitionHold.begin()
    TransitionHold.register(b)
    TransitionHold.end()
    #expect(log.entries.isEmpty)
    #expect(TransitionHold.isHolding)
    TransitionHold.register(c)
    TransitionHold.end()
    #expect(log.entries == ["a", "b", "c"])
    #expect(!TransitionHold.isHolding)
  }

  @Test("a holder registered while one is told comes after the ones already waiting")
  func registeredWhileTelling() {
    let log = Log()
    let (a, b, c, d) = (Holder("a", log), Holder("b", log), Holder("c", log), Holder("d", log))
    // While `a` runs, a step is applied: its hold registers `c`, and its release tells the
    // rest (`b`, then `c`); `d`, registered by a hold while `b` runs, comes last.
    a.onRun = {
      TransitionHold.begin()
      TransitionHold.register(c)
      TransitionHold.end()
    }
    b.onRun = {
      TransitionHold.begin()
      TransitionHold.register(d)
      TransitionHold.end()
    }
    TransitionHold.begin()
    TransitionHold.register(a)
    TransitionHold.register(b)
    TransitionHold.end()
    #expect(log.entries == ["a", "b", "c", "d"])
    // Nothing left over for the next hold.
    TransitionHold.begin()
    TransitionHold.end()
    #expect(log.entries == ["a", "b", "c", "d"])
  }
}
