import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

enum JournalStep: Step, Equatable {
  case home, detail, tabs, done
}

/// The reactor of a detail screen, which is also the screen's stepper.
final class DetailReactor: Reactor, Stepper {
  enum Action: Sendable { case close }
  struct State { var isClosed = false }
  let initialState = State()
  let store = ReactorStore<DetailReactor>()
  let steps = PublishRelay<Step>()
  func reduce(state: State, mutation: Action) -> State {
    steps.accept(JournalStep.done)
    return State(isClosed: true)
  }
}

/// A leaf flow: a stack whose root is one screen.
final class LeafFlow: Flow {
  let stack = NavigationStack(rootViewController: Screen(title: "Leaf"))
  var root: Presentable { stack }
  func navigate(to step: Step) -> FlowContributors { .none }
}

/// The root flow: home, a detail screen with its reactor, and two child flows of one type.
final class JournalRootFlow: Flow {
  let stack = NavigationStack(rootViewController: Screen(title: "Home"))
  var root: Presentable { stack }
  var detail: DetailReactor?

  func navigate(to step: Step) -> FlowContributors {
    switch step as? JournalStep {
    case .detail:
      let reactor = DetailReactor()
      detail = reactor
      let screen = Screen(title: "Detail")
      stack.pushViewController(screen, animated: false)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .tabs:
      let first = LeafFlow()
      let second = LeafFlow()
      stack.present(first.stack, animated: false)
      return .multiple(
        flowContributors: [
          .contribute(
            withNextPresentable: first, withNextStepper: OneStepper(withSingleStep: JournalStep.home)),
          .contribute(
            withNextPresentable: second, withNextStepper: OneStepper(withSingleStep: JournalStep.home)),
        ])
    case .done:
      stack.popViewController(animated: false)
      return .none
    case .home, nil:
      return .none
    }
  }
}

@Suite("A recording coordinator journals steps, navigation and deep links, each named by where it happened")
@MainActor
struct RecordingCoordinatorsTests {
  @Test(
    "steps from the flow's stepper and from a contributed reactor, will/did-navigate, and the reactor's actions"
  )
  func steps() {
    let window = Window()
    let recorder = JournalRecorder()
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    let flow = JournalRootFlow()
    window.rootViewController = flow.stack
    let stepper = OneStepper(withSingleStep: JournalStep.home)
    coordinator.coordinate(flow: flow, with: stepper)
    stepper.steps.accept(JournalStep.detail)
    flow.detail?.send(.close)
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "step: home @ JournalRootFlow/0",
        "navigation: will navigate home @ JournalRootFlow/0",
        "navigation: did navigate home @ JournalRootFlow/0",
        "step: detail @ JournalRootFlow/0",
        "navigation: will navigate detail @ JournalRootFlow/0",
        "navigation: did navigate detail @ JournalRootFlow/0",
        "action: close @ JournalRootFlow/0 > DetailReactor/0",
        "mutation: close @ JournalRootFlow/0 > DetailReactor/0",
        "step: done @ JournalRootFlow/0 > DetailReactor/0",
        "navigation: will navigate done @ JournalRootFlow/0",
        "navigation: did navigate done @ JournalRootFlow/0",
      ])
    // The reactor the coordinator recorded keeps a description of each action (its types are
    // not known to be Sendable there).
    #expect(flow.detail?.recordedSource?.description == "JournalRootFlow/0 > DetailReactor/0")
  }

  @Test("two child flows of one type under one parent are told apart by their ordinal")
  func ordinals() {
    let window = Window()
    let recorder = JournalRecorder()
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    let flow = JournalRootFlow()
    window.rootViewController = flow.stack
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: JournalStep.tabs))
    let sources = entriesWithoutDiagnostics(recorder.journal).filter { $0.event.kind == .step }
      .map(\.source.description)
    #expect(
      sources == ["JournalRootFlow/0", "JournalRootFlow/0 > LeafFlow/0", "JournalRootFlow/0 > LeafFlow/1"])
  }

  @Test("a deep link is recorded once, as its text, and a step sent to every flow as a step of the app")
  func deepLinks() throws {
    let window = Window()
    let recorder = JournalRecorder()
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    let flow = JournalRootFlow()
    window.rootViewController = flow.stack
    coordinator.coordinate(flow: flow, with: NoneStepper())
    let router = DeepLinkRouter(scheme: "journal").route("detail") { _ in JournalStep.detail }
    #expect(coordinator.navigate(toDeepLink: "journal://detail", with: router) == nil)
    coordinator.navigate(to: JournalStep.done)
    let inputs = summary(entriesWithoutDiagnostics(recorder.journal).filter { $0.event.kind.isInput })
    #expect(
      inputs.prefix(2) == [
        "deepLink: journal://detail @ app",
        "step: done @ app",
      ])
  }

  @Test("a diagnostic the coordinator reports to its observers is recorded too")
  func observedDiagnostics() {
    let recorder = JournalRecorder()
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    var observed: [FlowDiagnostic] = []
    let subscription = coordinator.onDiagnostic { observed.append($0) }
    let router = DeepLinkRouter(scheme: "journal").route("detail") { _ in JournalStep.detail }
    _ = coordinator.navigate(toDeepLink: "journal://nowhere", with: router)
    subscription.dispose()
    #expect(observed.count == 1)
    let recorded = recorder.journal.entries.filter { $0.event.kind == .diagnostic }
      .map { JournalTracerText.of($0) }
    #expect(recorded.contains(observed.first?.description ?? "-"))
  }

  @Test("a coordinator that does not record leaves no entry anywhere and reports no recorder")
  func off() {
    let coordinator = FlowCoordinator()
    let flow = JournalRootFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: JournalStep.detail))
    #expect(coordinator.recorder == nil)
    #expect(flow.detail?.recordedSource == nil)
  }
}
