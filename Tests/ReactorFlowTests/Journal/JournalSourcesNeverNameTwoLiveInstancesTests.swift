import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

private enum DocumentStep: Step, Equatable {
  case open(String), edit, close, closed
  case showNote(String), dropNote(String)
}

/// A document: a flow of its own, ended by its own stepper's `.close`.
private final class DocumentFlow: Flow {
  let stack = NavigationStack(rootViewController: Screen(title: "Document"))
  var root: Presentable { stack }
  func navigate(to step: Step) -> FlowContributors {
    guard case .close = step as? DocumentStep else { return .none }
    return .end(forwardToParentFlowWithStep: DocumentStep.closed)
  }
}

/// A note screen with its reactor as its stepper.
private final class NoteReactor: Reactor, Stepper {
  typealias Action = NoAction
  struct State {}
  let initialState = State()
  let store = ReactorStore<NoteReactor>()
  let steps = PublishRelay<Step>()
}

/// Opens documents as child flows and notes as contributed screens, each kept in a dictionary
/// by name so that a test can end any one of them.
private final class DocumentsFlow: Flow {
  let stack = NavigationStack(rootViewController: Screen(title: "Documents"))
  var root: Presentable { stack }
  var documents: [String: PublishRelay<Step>] = [:]
  var notes: [String: (screen: Screen, reactor: NoteReactor)] = [:]

  func navigate(to step: Step) -> FlowContributors {
    switch step as? DocumentStep {
    case .open(let name):
      let flow = DocumentFlow()
      let stepper = OneStepper(withSingleStep: DocumentStep.edit)
      documents[name] = stepper.steps
      return .one(
        flowContributor: .contribute(
          withNextPresentable: flow, withNextStepper: stepper, allowStepWhenDismissed: true))
    case .showNote(let name):
      let note = (screen: Screen(title: name), reactor: NoteReactor())
      notes[name] = note
      stack.pushViewController(note.screen, animated: false)
      return .one(
        flowContributor: .contribute(withNextPresentable: note.screen, withNextStepper: note.reactor))
    case .dropNote(let name):
      // The note leaves the stack from under the others: its contribution is released.
      guard let note = notes.removeValue(forKey: name) else { return .none }
      stack.setViewControllers(stack.viewControllers.filter { $0 !== note.screen }, animated: false)
      return .none
    default:
      return .none
    }
  }
}

/// The documents app in a window, coordinated by a recording coordinator from `first` on.
@MainActor
private struct RecordedDocuments {
  let window = Window()
  let recorder = JournalRecorder()
  let coordinator = FlowCoordinator()
  let flow = DocumentsFlow()
  let stepper: OneStepper

  init(first: DocumentStep) {
    stepper = OneStepper(withSingleStep: first)
    coordinator.record(into: recorder)
    window.rootViewController = flow.stack
    coordinator.coordinate(flow: flow, with: stepper)
  }
}

@Suite("A journal source never names two live instances")
@MainActor
struct JournalSourcesNeverNameTwoLiveInstancesTests {
  /// Where each `step` entry of the journal says it came from.
  private func stepSources(_ recorder: JournalRecorder, of step: DocumentStep) -> [String] {
    summary(entriesWithoutDiagnostics(recorder.journal))
      .filter { $0.hasPrefix("step: \(step) @ ") }
      .map { String($0.dropFirst("step: \(step) @ ".count)) }
  }

  @Test("a child flow started after an earlier sibling ended does not take a running sibling's name")
  func childFlows() {
    let app = RecordedDocuments(first: .open("a"))
    let (recorder, flow, stepper) = (app.recorder, app.flow, app.stepper)
    // The window and the coordinator live as long as the test.
    defer { withExtendedLifetime(app) {} }
    stepper.steps.accept(DocumentStep.open("b"))
    flow.documents["a"]?.accept(DocumentStep.close)
    stepper.steps.accept(DocumentStep.open("c"))
    flow.documents["b"]?.accept(DocumentStep.edit)
    flow.documents["c"]?.accept(DocumentStep.edit)
    let edits = stepSources(recorder, of: .edit)
    #expect(
      edits == [
        // a, b, then c in the place a left: the running b keeps its name.
        "DocumentsFlow/0 > DocumentFlow/0", "DocumentsFlow/0 > DocumentFlow/1",
        "DocumentsFlow/0 > DocumentFlow/0",
        "DocumentsFlow/0 > DocumentFlow/1", "DocumentsFlow/0 > DocumentFlow/0",
      ])
  }

  @Test("a contribution made after an earlier one was released does not take a live one's name")
  func contributions() {
    let app = RecordedDocuments(first: .showNote("a"))
    let (recorder, flow, stepper) = (app.recorder, app.flow, app.stepper)
    // The window and the coordinator live as long as the test.
    defer { withExtendedLifetime(app) {} }
    stepper.steps.accept(DocumentStep.showNote("b"))
    stepper.steps.accept(DocumentStep.dropNote("a"))
    stepper.steps.accept(DocumentStep.showNote("c"))
    flow.notes["b"]?.reactor.steps.accept(DocumentStep.edit)
    flow.notes["c"]?.reactor.steps.accept(DocumentStep.edit)
    #expect(
      stepSources(recorder, of: .edit) == [
        "DocumentsFlow/0 > NoteReactor/1", "DocumentsFlow/0 > NoteReactor/0",
      ])
  }
}
