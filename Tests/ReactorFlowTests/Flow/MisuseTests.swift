import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Misuse of the API and work that arrives too late: each is a diagnostic that says what happened
// and how to fix it — never a crash, never a silent loss.

enum MisuseStep: Step, Equatable {
  case start
  case finish
  case late
  case childDone
  case push
  case fromDismissed
  case popAfterEmit
}

/// A child flow that is its own stepper and, on `.finish`, emits one more step and ends.
final class EndingFlow: Flow, Stepper {
  let steps = PublishRelay<Step>()
  let navigation = NavigationStack(rootViewController: Screen(title: "child root"), title: "child")
  var root: Presentable { navigation }
  var handled: [MisuseStep] = []

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? MisuseStep else { return .none }
    handled.append(step)
    switch step {
    case .finish:
      // Emitted while the flow ends: it cannot be handled any more.
      steps.accept(MisuseStep.late)
      return .end(forwardToParentFlowWithStep: MisuseStep.childDone)
    default:
      return .none
    }
  }
}

/// A root flow that presents an `EndingFlow`, and pushes screens that are steppers.
final class HostFlow: Flow {
  let navigation = NavigationStack(rootViewController: Screen(title: "host root"), title: "host")
  var root: Presentable { navigation }
  weak var child: EndingFlow?
  weak var pushed: PushedScreen?
  var handled: [MisuseStep] = []

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? MisuseStep else { return .none }
    handled.append(step)
    switch step {
    case .start:
      let child = EndingFlow()
      self.child = child
      Flows.use(child, when: .created) { [navigation] (root: NavigationStack) in navigation.present(root) }
      return .one(flowContributor: .contribute(withNextPresentable: child, withNextStepper: child))
    case .childDone:
      navigation.dismiss()
      return .none
    case .popAfterEmit:
      // The pushed screen's stepper emits, then the screen is popped before the step is handled.
      pushed?.steps.accept(MisuseStep.fromDismissed)
      navigation.popViewController()
      return .none
    case .push:
      let screen = PushedScreen(title: "pushed")
      pushed = screen
      navigation.pushViewController(screen)
      return .one(flowContributor: .contribute(withNext: screen))
    default:
      return .none
    }
  }
}

final class PushedScreen: Screen, Stepper {
  let steps = PublishRelay<Step>()
}

final class CounterReactor: Reactor {
  enum Action: Sendable { case increase }
  struct State { var value = 0 }
  let initialState = State()
  let store = ReactorStore<CounterReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.value += 1
    return newState
  }
}

@MainActor
@Suite("Misuse and late work: diagnostics, not crashes or silent loss", .checksLeaks)
struct MisuseTests {
  @Test("a step emitted by a flow while it ends is reported, not lost silently")
  func stepWhileEnding() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let host = HostFlow()
    coordinator.coordinate(flow: host, with: OneStepper(withSingleStep: MisuseStep.start))
    host.child?.steps.accept(MisuseStep.finish)
    #expect(host.handled == [.start, .childDone])
    #expect(host.child == nil)
    #expect(diagnostics.all == [.stepAfterRelease(step: MisuseStep.late)])
    // The case's text says how to keep such a step.
    #expect(
      diagnostics.messages == [
        """
        late arrived after the flow it was for ended, or after the screen whose stepper emitted \
        it was dismissed, so it was not handled. Emit it before ending the flow, or contribute \
        the stepper with `allowStepWhenDismissed: true` to keep it until its flow ends.
        """
      ])
  }

  @Test("a step emitted while its screen was visible is handled even if the screen goes first")
  func stepFromScreenPoppedBeforeItsTurn() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let host = HostFlow()
    coordinator.coordinate(flow: host, with: OneStepper(withSingleStep: MisuseStep.push))
    #expect(host.pushed != nil)
    // The screen emits while visible; the flow pops it before the step's turn comes. The step
    // was admitted when it was emitted (RxFlow's rule), so it is handled, not dropped.
    coordinator.navigate(to: MisuseStep.popAfterEmit)
    #expect(host.pushed == nil)
    #expect(host.handled == [.push, .popAfterEmit, .fromDismissed])
    #expect(diagnostics.all.isEmpty)
  }

  @Test("actions sent through reactor.action to a released reactor are reported as dropped")
  func actionToReleasedReactor() async {
    // The inbox reports on the main actor: wait for that report, not for a number of turns.
    let diagnostics = await withDiagnostics(waitingFor: 1) {
      var reactor: CounterReactor? = CounterReactor()
      let sender = reactor!.action
      reactor = nil
      // Off the main actor (a child task keeps the diagnostics handler): queued, then dropped.
      await withTaskGroup(of: Void.self) { group in
        // One action: two could be reported in one batch or two, as the drain races the sends.
        group.addTask { sender.accept(.increase) }
      }
    }
    #expect(diagnostics == [.reactor(.actionsAfterRelease(reactor: "CounterReactor", count: 1))])
    // The case's text says what was lost and how to keep it.
    #expect(
      diagnostics.messages == [
        """
        CounterReactor was released before it could handle 1 action(s) sent through \
        `reactor.action`; they were dropped. Keep the reactor alive (its view or flow owns it) \
        while senders may still send.
        """
      ])
  }
}
