extension FlowCoordinator {
  /// Records, into `recorder`, what happens in this coordinator's flows from now on: the steps
  /// their steppers emit, the steps and deep links sent to every flow (``navigate(to:)``,
  /// ``navigate(toDeepLink:with:)``), will/did-navigate, the diagnostics, and the actions and
  /// mutations of every reactor contributed as a stepper (one that a ``Reactor/record(into:as:)``
  /// records already keeps its recorder).
  ///
  /// Each entry names where it happened by the place of its flow in the tree (the flow's type and
  /// its ordinal among its parent's children of that type) and, for a contributed stepper, by its
  /// type and ordinal among its flow's contributions of that type: a fresh process maps each entry
  /// to its own instance. A new flow or contribution takes the smallest ordinal no live sibling of
  /// its type holds — never a running one's name. Call it before
  /// ``coordinate(flow:with:allowStepWhenDismissed:)``, so that
  /// the first steps are recorded too.
  ///
  /// ```swift
  /// let recorder = JournalRecorder(keepingLast: 10_000)
  /// let coordinator = FlowCoordinator()
  /// coordinator.record(into: recorder)
  /// coordinator.navigate(to: AppStep.homeIsRequired)
  /// print(recorder.journal.count)  // 1: the step sent to every flow
  /// ```
  ///
  /// A contributed reactor is recorded as ``Reactor/record(into:as:)`` records it: its actions
  /// and mutations kept as values when their types are `Sendable`, as descriptions otherwise.
  public func record(into recorder: JournalRecorder) {
    DiagnosticsRouting.addRecorder(recorder)
    hot.value.recorder = recorder
  }

  /// Stops recording: the flows, steppers and reactors recorded so far keep their places, and
  /// nothing more is recorded by this coordinator (a reactor it recorded records until its own
  /// ``Reactor/stopRecording()``).
  public func stopRecording() {
    hot.value.recorder = nil
  }

  /// The recorder that ``record(into:)`` gave, if it records.
  public var recorder: JournalRecorder? {
    hot.value.recorder
  }

  /// Where `node`'s flow sits: its type and its ordinal (the smallest no live sibling of its type
  /// held when it started), under its parent's place (the root flow, under the app). Made once, when the flow starts under a recording coordinator (or
  /// when first needed).
  func journalSource(of node: FlowNode) -> JournalSource {
    if let source = node.journalSource { return source }
    let name = node.name
    let source: JournalSource
    if let parent = node.parent {
      source = journalSource(of: parent).appending(name, ordinal: node.ordinal)
    } else {
      source = JournalSource.app.appending(name)
    }
    node.journalSource = source
    return source
  }

  /// Places `contribution` (about to join `node`'s contributions) in the tree — its stepper's type
  /// and ordinal — and records its stepper's actions and mutations when the stepper is a reactor.
  func record(_ contribution: Contribution, of node: FlowNode, into recorder: JournalRecorder) {
    let stepperType = type(of: contribution.stepper)
    let source = journalSource(of: node).appending("\(stepperType)", ordinal: contribution.ordinal)
    contribution.journalSource = source
    if let reactor = contribution.stepper as? any Reactor {
      reactor.recordIfUnrecorded(into: recorder, as: source)
    }
  }

  /// Records a step that came through `route`, accepted at `callSite`: from a contributed stepper
  /// (its place) or from the flow's own stepper (the flow's place).
  func record(
    _ step: any Step, from route: StepRoute, at callSite: RecordedCallSite, into recorder: JournalRecorder
  ) {
    let source = route.contribution?.journalSource ?? journalSource(of: route.node)
    recorder.recordStep(step, from: source, callSite: callSite)
  }
}
