import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@Suite("A journal records where each action was sent and each step accepted: the call's file and line")
@MainActor
struct JournalRecordsCallSitesTests {
  let source = JournalSource.app.appending("JournaledCounter")

  @Test("an action sent to a recorded reactor keeps its send's file and line; its mutation has none")
  func sentAction() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let line = #line + 1
    counter.send(.increment)
    let entries = recorder.journal.entries
    #expect(entries.map(\.event.kind) == [.action, .mutation])
    #expect(entries.first?.callSite == JournalCallSite(fileID: #fileID, line: line))
    #expect(entries.first?.callSite?.description == "JournalRecordsCallSitesTests.swift:\(line)")
    #expect(entries.last?.callSite == nil)
  }

  @Test("the first action, sent before the store started, keeps its call site too")
  func firstAction() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let line = #line + 1
    counter.send(.typed("first"))
    counter.send(.increment)
    let actions = recorder.journal.entries.filter { $0.event.kind == .action }
    #expect(actions.map(\.callSite?.line) == [line, line + 1])
  }

  @Test("a call site given explicitly is kept; one too large to keep is left out, never cut")
  func explicitCallSites() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.increment, fileID: "Diary/DiaryListView.swift", line: 4_294_967_295)
    counter.send(.increment, fileID: "Diary/DiaryListView.swift", line: 4_294_967_296)
    counter.send(.increment, fileID: "x", line: 3)
    let actions = recorder.journal.entries.filter { $0.event.kind == .action }
    #expect(
      actions.map(\.callSite) == [
        JournalCallSite(fileID: "Diary/DiaryListView.swift", line: 4_294_967_295), nil,
        JournalCallSite(fileID: "x", line: 3),
      ])
  }

  @Test("`send` as a function value still compiles and sends; the journal then has no call site")
  func unappliedSend() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let send: (JournaledCounter.Action) -> Void = counter.send
    send(.increment)
    [JournaledCounter.Action.increment].forEach(counter.send)
    #expect(counter.currentState.count == 2)
    let actions = recorder.journal.entries.filter { $0.event.kind == .action }
    #expect(actions.count == 2)
    #expect(actions.allSatisfy { $0.callSite == nil })
  }

  @Test("an action whose type is not Sendable (kept as its description) keeps its call site")
  func describedAction() {
    let recorder = JournalRecorder()
    let reactor = UnsendableActionReactor()
    reactor.record(into: recorder, as: JournalSource.app.appending("UnsendableActionReactor"))
    let line = #line + 1
    reactor.send(.use(UnsendableActionReactor.Box()))
    let action = recorder.journal.entries.first { $0.event.kind == .action }
    #expect(action?.callSite == JournalCallSite(fileID: #fileID, line: line))
  }

  @Test("an action sent through `reactor.action` keeps its accept's call site, on the main actor or not")
  func actionSender() async {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let sender = counter.action
    let onMain = #line + 1
    sender.accept(.increment)
    let offMain = #line + 1
    await Task.detached { sender.accept(.typed("from a task")) }.value
    counter.processPendingActions()
    let accept: (JournaledCounter.Action) -> Void = sender.accept
    accept(.increment)
    let actions = recorder.journal.entries.filter { $0.event.kind == .action }
    #expect(actions.map(\.callSite?.line) == [onMain, offMain, nil])
    #expect(actions.first?.callSite?.fileID == #fileID)
    #expect(counter.currentState.count == 2)
  }

  @Test("an unrecorded reactor handles sent actions as before")
  func unrecorded() {
    let counter = JournaledCounter()
    counter.send(.increment)
    let send: (JournaledCounter.Action) -> Void = counter.send
    send(.increment)
    #expect(counter.currentState.count == 2)
  }

  @Test("a step accepted by a stepper of a recording coordinator keeps the accept's file and line")
  func acceptedStep() {
    let app = RecordingJournalApp()
    let (recorder, flow, stepper) = (app.recorder, app.flow, app.stepper)
    let line = #line + 1
    stepper.steps.accept(JournalStep.detail)
    // The contributed reactor's reduce accepts `.done` (in RecordingCoordinatorsTests.swift).
    flow.detail?.send(.close)
    let steps = recorder.journal.entries.filter { $0.event.kind == .step }
    #expect(steps.map(\.event.payload?.description) == ["home", "detail", "done"])
    // The initial step is nobody's accept.
    #expect(steps[0].callSite == nil)
    #expect(steps[1].callSite == JournalCallSite(fileID: #fileID, line: line))
    #expect(steps[2].callSite?.fileID == "ReactorFlowTests/RecordingCoordinatorsTests.swift")
  }

  @Test("`accept` as a function value still compiles and emits; the journal then has no call site")
  func unappliedAccept() {
    let app = RecordingJournalApp()
    let (recorder, flow, stepper) = (app.recorder, app.flow, app.stepper)
    [JournalStep.detail].forEach(stepper.steps.accept)
    let accept: (any Step) -> Void = stepper.steps.accept
    accept(JournalStep.done)
    let steps = recorder.journal.entries.filter { $0.event.kind == .step }
    #expect(steps.map(\.event.payload?.description) == ["home", "detail", "done"])
    #expect(steps.allSatisfy { $0.callSite == nil })
    #expect(flow.stack.viewControllers.count == 1)
  }

  @Test("a step accepted from another thread keeps its call site through the coordinator's inbox")
  func stepFromAnotherThread() async {
    let app = RecordingJournalApp()
    let (recorder, flow, stepper) = (app.recorder, app.flow, app.stepper)
    let steps = stepper.steps
    let line = #line + 1
    await Task.detached { steps.accept(JournalStep.detail) }.value
    await expectEventually("the step from the task was handled") { flow.detail != nil }
    let recorded = recorder.journal.entries.filter { $0.event.kind == .step }
    #expect(recorded.last?.event.payload?.description == "detail")
    #expect(recorded.last?.callSite == JournalCallSite(fileID: #fileID, line: line))
  }

  @Test("a step accepted while its relay delivers another is recorded without a call site")
  func stepAcceptedDuringADelivery() {
    let window = Window()
    let recorder = JournalRecorder()
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    let flow = JournalRootFlow()
    window.rootViewController = flow.stack
    let stepper = OneStepper(withSingleStep: JournalStep.home)
    let steps = stepper.steps
    let subscription = steps.subscribe { step in
      if (step as? JournalStep) == .detail { steps.accept(JournalStep.done) }
    }
    defer { subscription.dispose() }
    coordinator.coordinate(flow: flow, with: stepper)
    let line = #line + 1
    steps.accept(JournalStep.detail)
    let recorded = recorder.journal.entries.filter { $0.event.kind == .step }
    #expect(recorded.map(\.event.payload?.description) == ["home", "detail", "done"])
    #expect(recorded[1].callSite?.line == line)
    #expect(recorded[2].callSite == nil)
  }

  @Test("an unrecorded coordinator's steppers emit as before")
  func unrecordedCoordinator() {
    let window = Window()
    let coordinator = FlowCoordinator()
    let flow = JournalRootFlow()
    window.rootViewController = flow.stack
    let stepper = OneStepper(withSingleStep: JournalStep.home)
    coordinator.coordinate(flow: flow, with: stepper)
    stepper.steps.accept(JournalStep.detail)
    #expect(flow.stack.viewControllers.count == 2)
  }
}

/// A window showing a ``JournalRootFlow`` that a recording coordinator coordinates, started with
/// `.home` — what the call-site tests of steps start from.
@MainActor
private struct RecordingJournalApp {
  let window = Window()
  let recorder = JournalRecorder()
  let coordinator = FlowCoordinator()
  let flow = JournalRootFlow()
  let stepper = OneStepper(withSingleStep: JournalStep.home)

  init() {
    coordinator.record(into: recorder)
    window.rootViewController = flow.stack
    coordinator.coordinate(flow: flow, with: stepper)
  }
}
