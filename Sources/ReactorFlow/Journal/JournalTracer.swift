/// Prints what a ``JournalRecorder`` records, as it happens, one line per entry: the built-in
/// `--trace` of actions, mutations, steps and navigation.
///
/// A tracer is given to a recorder (``JournalRecorder/trace(with:)``), which records the
/// coordinators and reactors it was given (``FlowCoordinator/record(into:)``,
/// ``Reactor/record(into:as:)``): every entry of a traced kind becomes a line such as
///
/// ```text
/// action      AppFlow/0 > SignInReactor/0  emailDidUpdate("demo@reactorflow.dev")
/// mutation    AppFlow/0 > SignInReactor/0  setEmail("demo@reactorflow.dev")
/// navigation  AppFlow/0  did navigate loginIsRequired
/// ```
///
/// A line quotes what was sent — what the user typed, a deep link — so its control characters
/// are escaped (``ReactorFlowDiagnostics/escaped(_:)``) before it reaches the output. By default
/// the lines go to standard error, after `[ReactorFlow] `, as diagnostics do.
///
/// ```swift
/// let recorder = JournalRecorder(keepingLast: 1_000)
/// recorder.trace(with: JournalTracer(kinds: [.action, .mutation]))
/// ```
public struct JournalTracer: Sendable {
  /// The kinds of entries traced; the others are recorded but not printed.
  public var kinds: Set<JournalEntry.Kind>
  private let write: @Sendable (String) -> Void

  /// The kinds traced by default: the inputs, the mutations, the navigation and the diagnostics
  /// (not the effects' outputs, the state snapshots nor the rendered trees).
  public static let defaultKinds: Set<JournalEntry.Kind> = [
    .action, .step, .deepLink, .gesture, .mutation, .navigation, .diagnostic,
  ]

  /// Writes a line to standard error, after `[ReactorFlow] `, as a diagnostic is written.
  public static let standardError: @Sendable (String) -> Void = { line in
    ReactorFlowDiagnostics.writeToStandardError(line)
  }

  /// A tracer that hands each line of `kinds` to `write` (escaped, without a line break); by
  /// default it writes them to standard error.
  public init(
    kinds: Set<JournalEntry.Kind> = JournalTracer.defaultKinds,
    write: @escaping @Sendable (String) -> Void = JournalTracer.standardError
  ) {
    self.kinds = kinds
    self.write = write
  }

  /// Prints `entry` when its kind is traced.
  public func trace(_ entry: JournalEntry) {
    guard kinds.contains(entry.event.kind) else { return }
    write(Self.line(for: entry))
  }

  /// `entry` as one line — its kind, where it happened and what happened — with its control
  /// characters escaped.
  ///
  /// ```swift
  /// let entry = JournalEntry(
  ///   time: JournalTime(sequence: 1, offset: .zero),
  ///   source: JournalSource.app.appending("ListReactor"),
  ///   event: .action(JournalPayload("refresh")))
  /// print(JournalTracer.line(for: entry))  // action      ListReactor/0  refresh
  /// ```
  public static func line(for entry: JournalEntry) -> String {
    let kind = entry.event.kind.rawValue
    let padded = kind + String(repeating: " ", count: max(1, 12 - kind.count))
    return ReactorFlowDiagnostics.escaped("\(padded)\(entry.source)  \(text(of: entry.event))")
  }

  /// What happened, without where or when (a divergence and an exported test say it too).
  package static func text(of event: JournalEntry.Event) -> String {
    switch event {
    case .action(let payload), .step(let payload), .mutation(let payload), .stateSnapshot(let payload):
      return payload.description
    case .effectOutput(let effect, let payload):
      return "effect \(effect): \(payload.description)"
    case .deepLink(let text), .navigation(let text), .diagnostic(let text), .renderedTree(let text):
      return text
    case .gesture(let gesture):
      return gesture.description
    }
  }
}
