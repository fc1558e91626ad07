/// The recording calls: one per kind of entry, each appending the value as it is.
extension JournalRecorder {
  /// Records an action sent to the reactor `source` from outside it.
  public func recordAction(_ action: some Sendable, from source: JournalSource) {
    append(.action, shape: .payload, JournalPayload(action), from: source)
  }

  /// Records a step emitted by `source` (a screen or a stepper).
  public func recordStep(_ step: some Sendable, from source: JournalSource) {
    append(.step, shape: .payload, JournalPayload(step), from: source)
  }

  /// Records a step emitted by `source` and accepted at `callSite` (the coordinator's way: the
  /// step is kept as it is, made into a payload when the journal is read).
  func recordStep(_ step: any Step, from source: JournalSource, callSite: RecordedCallSite = .unknown) {
    append(.step, shape: .step, step, from: source, callSite: callSite)
  }

  /// Records a deep link opened in `source` (``JournalSource/app`` when the app received it).
  public func recordDeepLink(_ link: String, from source: JournalSource = .app) {
    append(.deepLink, shape: .text, link, from: source)
  }

  /// Records a user gesture on the screen `source`.
  public func recordGesture(_ gesture: JournalGesture, on source: JournalSource) {
    append(.gesture, shape: .gesture, gesture, from: source)
  }

  /// Records a value that the reactor `source`'s effect number `effect` delivered.
  public func recordEffectOutput(_ value: some Sendable, effect: Int, from source: JournalSource) {
    append(.effectOutput, shape: .payload, effect: effect, JournalPayload(value), from: source)
  }

  /// Records a mutation the reactor `source` applied.
  public func recordMutation(_ mutation: some Sendable, from source: JournalSource) {
    append(.mutation, shape: .payload, JournalPayload(mutation), from: source)
  }

  /// Records a navigation event of the flow `source`.
  public func recordNavigation(_ event: String, from source: JournalSource) {
    append(.navigation, shape: .text, event, from: source)
  }

  /// Records a diagnostic reported while `source` was running.
  public func recordDiagnostic(_ message: String, from source: JournalSource) {
    append(.diagnostic, shape: .text, message, from: source)
  }

  /// Records the state of the reactor `source` at a checkpoint.
  public func recordState(_ state: some Sendable, from source: JournalSource) {
    append(.stateSnapshot, shape: .payload, JournalPayload(state), from: source)
  }

  /// Records the rendered screen tree at a checkpoint.
  public func recordRenderedTree(_ tree: String, from source: JournalSource = .app) {
    append(.renderedTree, shape: .text, tree, from: source)
  }
}
