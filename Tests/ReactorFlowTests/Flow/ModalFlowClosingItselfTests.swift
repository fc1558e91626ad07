import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// A modal flow closes itself the RxFlow way: inside its own `navigate(to:)` it dismisses its root
// and ends (or forwards) with a step for its parent. The headless tree reports the dismissal at
// once, UIKit after the transition; either way the parent gets the step.

private enum CloseStep: Step, Equatable {
  case start
  case openModal
  /// The modal dismisses its root and returns `.end(forwardToParentFlowWithStep: .closed)`.
  case closeAndEnd
  /// The modal dismisses its root and returns `.forwardToParentFlow(withStep: .closed)`.
  case closeAndForward
  /// The modal dismisses its root and contributes a screen and a flow in the same answer.
  case closeAndContribute
  case closed
}

/// The parent: a stack that presents the modal flow and records the steps it handles.
private final class ModalHostFlow: Flow {
  let stack = NavigationStack(rootViewController: Screen(title: "host"), title: "host")
  var root: Presentable { stack }
  var log: [String] = []
  weak var modal: ClosingModalFlow?
  /// What the modal flow contributed while closing (weakly: to check that it is released).
  let late = LateContributions()

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? CloseStep else { return .none }
    log.append("\(step)")
    switch step {
    case .openModal:
      let modal = ClosingModalFlow(late: late)
      self.modal = modal
      stack.present(modal.stack, style: .pageSheet)
      return .one(
        flowContributor: .contribute(
          withNextPresentable: modal, withNextStepper: modal))
    default:
      return .none
    }
  }
}

@MainActor
private final class LateContributions {
  weak var screen: Screen?
  weak var stepper: OneStepper?
  weak var flow: LoggingFlow?
}

/// The modal flow, which closes itself.
private final class ClosingModalFlow: Flow, Stepper {
  let stack = NavigationStack(rootViewController: Screen(title: "modal"), title: "modal")
  var root: Presentable { stack }
  let steps = PublishRelay<Step>()
  let late: LateContributions

  init(late: LateContributions) { self.late = late }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? CloseStep {
    case .closeAndEnd:
      stack.dismiss()
      return .end(forwardToParentFlowWithStep: CloseStep.closed)
    case .closeAndForward:
      stack.dismiss()
      return .one(flowContributor: .forwardToParentFlow(withStep: CloseStep.closed))
    case .closeAndContribute:
      stack.dismiss()
      let screen = Screen(title: "late")
      let stepper = OneStepper(withSingleStep: CloseStep.start)
      let flow = LoggingFlow("late child")
      late.screen = screen
      late.stepper = stepper
      late.flow = flow
      return .multiple(flowContributors: [
        .contribute(withNextPresentable: screen, withNextStepper: stepper),
        .contribute(withNextPresentable: flow, withNextStepper: OneStepper(withSingleStep: TestStep.start)),
        .forwardToParentFlow(withStep: CloseStep.closed),
      ])
    default:
      return .none
    }
  }
}

@MainActor
@Suite("Flow: a modal flow that closes itself inside navigate(to:)", .checksLeaks)
struct ModalFlowClosingItselfTests {
  /// A window showing a host flow that presented a modal flow.
  /// The modal flow is reached through its steps only: the test must not keep it alive.
  private func presentModal() -> (
    Window, FlowCoordinator, ModalHostFlow, CoordinatorDiagnostics, PublishRelay<Step>
  ) {
    let window = Window()
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let host = ModalHostFlow()
    window.rootViewController = host.stack
    coordinator.coordinate(flow: host, with: OneStepper(withSingleStep: CloseStep.openModal))
    return (window, coordinator, host, diagnostics, host.modal!.steps)
  }

  @Test("dismissing its root and returning .end(forwardToParentFlowWithStep:) reaches the parent")
  func endForwardsToParent() {
    let (window, coordinator, host, diagnostics, modalSteps) = presentModal()
    // Steps the modal flow emits itself, as a flow that is its own stepper does.
    modalSteps.accept(CloseStep.closeAndEnd)
    #expect(host.log == ["openModal", "closed"])
    #expect(diagnostics.all.isEmpty)
    #expect(coordinator.flows.count == 1)
    #expect(host.modal == nil)
    _ = window
  }

  @Test("dismissing its root and returning .forwardToParentFlow(withStep:) reaches the parent")
  func forwardReachesParent() {
    let (window, coordinator, host, diagnostics, modalSteps) = presentModal()
    modalSteps.accept(CloseStep.closeAndForward)
    #expect(host.log == ["openModal", "closed"])
    #expect(diagnostics.all.isEmpty)
    #expect(coordinator.flows.count == 1)
    #expect(host.modal == nil)
    _ = window
  }

  @Test("what a flow that ended meanwhile contributes is dropped and released, not kept for good")
  func contributionsOfAnEndedFlowAreReleased() {
    let (window, coordinator, host, diagnostics, modalSteps) = presentModal()
    modalSteps.accept(CloseStep.closeAndContribute)
    #expect(host.log == ["openModal", "closed"])
    #expect(diagnostics.all.isEmpty)
    #expect(coordinator.flows.count == 1)
    // Released at once, while the coordinator still runs (not kept for its lifetime).
    #expect(host.late.screen == nil)
    #expect(host.late.stepper == nil)
    #expect(host.late.flow == nil)
    #expect(host.modal == nil)
    _ = window
  }
}
