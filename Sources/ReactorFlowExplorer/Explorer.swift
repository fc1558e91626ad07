import ReactorFlow
import ReactorFlowHeadless

/// The breadth-first search behind ``Exploration/run()``.
@MainActor
struct Explorer {
  let exploration: Exploration
  private var states: [ExploredStateDraft] = []
  private var index: [String: Int] = [:]
  private var transitions: [ExploredTransition] = []
  private var problems: [ExplorationProblem] = []
  private var problemKeys: Set<String> = []
  private var frontier: [Int] = []
  private var progress: ProgressLine
  private var limitReached = false
  /// The sets of objects found leaking so far.
  /// The sets of objects reported leaking: a later path leaking them and more is the same leak.
  private var leaksReported: [Set<String>] = []
  private var leaksConfirmed: [Set<String>] = []

  init(exploration: Exploration) {
    self.exploration = exploration
    progress = ProgressLine(exploration.progress)
  }

  mutating func explore() async -> ExplorationResult {
    let clock = ContinuousClock()
    let started = clock.now
    let launch = await replay([])
    record(launch, path: [])
    _ = add(launch, path: [])
    var next = 0
    while next < frontier.count {
      let id = frontier[next]
      next += 1
      states[id].isExpanded = true
      for input in states[id].inputs {
        let path = states[id].path + [input]
        let outcome = await replay(path)
        record(outcome, path: path)
        let target = add(outcome, path: path)
        transitions.append(ExploredTransition(from: id, input: input, to: target))
      }
      progress.show(explored: next, frontier: frontier.count - next, problems: problems.count)
    }
    findStuckStates()
    progress.finish(explored: next, states: states.count, problems: problems.count)
    return ExplorationResult(
      states: states.map(\.state), transitions: transitions, problems: problems,
      isComplete: !limitReached, duration: clock.now - started)
  }

  /// The state `outcome` ended in: known, or new (queued if within the limits).
  private mutating func add(_ outcome: Outcome, path: [ExplorationInput]) -> Int {
    if let known = index[outcome.key] { return known }
    let id = states.count
    let expands = path.count < exploration.maxDepth && states.count < exploration.maxStates
    if !expands { limitReached = true }
    states.append(
      ExploredStateDraft(
        id: id, tree: outcome.tree, label: outcome.label, flow: outcome.flow, path: path,
        isTerminal: outcome.isTerminal, isGate: outcome.isGate, secretInputs: outcome.secretInputs,
        inputs: outcome.inputs, isExpanded: false, codes: outcome.codes, handled: outcome.handled))
    index[outcome.key] = id
    if expands { frontier.append(id) }
    return id
  }

  /// Keeps the problems of `outcome` not seen before (breadth first: on their shortest path).
  private mutating func record(_ outcome: Outcome, path: [ExplorationInput]) {
    for (kind, message, ending) in outcome.problems {
      let key = "\(kind.rawValue)|\(message)"
      guard problemKeys.insert(key).inserted else { continue }
      let stateID = index[outcome.key] ?? states.count
      problems.append(
        ExplorationProblem(
          kind: kind, message: message, path: path, stateID: stateID,
          script: exploration.script.write(
            path: path, codes: outcome.codes, handled: outcome.handled,
            ending: ["// \(kind.rawValue): \(message.split(separator: "\n").first ?? "")"] + ending)))
    }
  }

  /// Reports the expanded states no user input leaves, or only inputs that need a secret.
  private mutating func findStuckStates() {
    // The launch state is where the user starts, not where they are stuck.
    for state in states where state.id != 0 && state.isExpanded && !state.isTerminal {
      let exits = transitions.filter { $0.from == state.id && $0.to != state.id && $0.input.isUserInput }
      let secret = exits.filter { state.secretInputs.contains($0.input) }
      guard exits.isEmpty || (exits.count == secret.count && !state.isGate) else { continue }
      let message =
        exits.isEmpty
        ? "The user cannot leave \(state.label) (\(state.flow)): no gesture or action changes it."
        : "The user can leave \(state.label) (\(state.flow)) only with a secret ("
          + secret.map(\.input.description).joined(separator: ", ")
          + "): give it a way out that needs none (cancel), or declare its screen a gate (isGate)."
      guard problemKeys.insert("stuck|\(message)").inserted else { continue }
      problems.append(
        ExplorationProblem(
          kind: .stuck, message: message, path: state.path, stateID: state.id,
          script: exploration.script.write(
            path: state.path, codes: state.codes, handled: state.handled,
            ending: [
              "// stuck: \(message)", "// Give the screen a way out, or mark it terminal. The tree here:",
            ] + state.tree.split(separator: "\n").map { "//   " + $0 })))
    }
  }

  /// Replays `path` from a fresh launch and tears the app down.
  private mutating func replay(_ path: [ExplorationInput]) async -> Outcome {
    let recorder = LiveObjects()
    let collected = DiagnosticsBox()
    if let journal = exploration.crashJournal {
      CrashJournal.write(
        journal,
        "The app crashed replaying this path (\(path.count) inputs): "
          + (path.isEmpty ? "launch" : path.map(\.description).joined(separator: " → ")))
    }
    var outcome = await Self.replay(path, of: exploration, recording: recorder, diagnostics: collected)
    for message in collected.take() { outcome.problems.append((.diagnostic, message, [])) }
    let alive = await released(recorder)
    if !alive.isEmpty, !leaksReported.contains(where: { $0.isSubset(of: alive) }) {
      leaksReported.append(Set(alive))
      let message =
        "Still alive after the app was torn down: \(alive.joined(separator: ", ")). Look for a "
        + "strong reference cycle, a flow that never ends, or a screen that was never dismissed."
      outcome.problems.append((.leak, message, []))
    }
    if let journal = exploration.crashJournal { CrashJournal.remove(journal) }
    return outcome
  }

  /// Replays `path` with `recorder` and `diagnostics` bound for it and the tasks it starts.
  private static func replay(
    _ path: [ExplorationInput], of exploration: Exploration, recording recorder: LiveObjects,
    diagnostics: DiagnosticsBox
  ) async -> Outcome {
    await LiveObjects.$recorder.withValue(recorder) {
      await ReactorFlowDiagnostics.$handler.withValue(.init { diagnostics.append($0.message) }) {
        await Replay(exploration: exploration).run(path)
      }
    }
  }

  /// Waits for what `recorder` recorded to be released: some turns of the main actor and the
  /// tasks that finish; a leak seen for the first time is confirmed by a longer wait (the hang
  /// guard, so that a busy machine does not make a leak of a slow release).
  private mutating func released(_ recorder: LiveObjects) async -> [String] {
    for _ in 0..<200 {
      if recorder.alive.isEmpty { return [] }
      await MainActor.run {}
      await Task.yield()
    }
    // A leak seen before (the same objects, or more held by them) needs no longer wait.
    if leaksConfirmed.contains(where: { $0.isSubset(of: recorder.alive) }) { return recorder.alive }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: exploration.leakGracePeriod)
    while clock.now < deadline {
      if recorder.alive.isEmpty { return [] }
      await MainActor.run {}
      await Task.yield()
    }
    let alive = recorder.alive
    if !alive.isEmpty { leaksConfirmed.append(Set(alive)) }
    return alive
  }
}

/// A state while the search runs.
struct ExploredStateDraft {
  let id: Int
  let tree: String
  let label: String
  let flow: String
  let path: [ExplorationInput]
  let isTerminal: Bool
  let isGate: Bool
  let secretInputs: Set<ExplorationInput>
  let inputs: [ExplorationInput]
  var isExpanded: Bool
  let codes: [String]
  let handled: [HandledSteps]

  var state: ExploredState {
    ExploredState(
      id: id, tree: tree, label: label, flow: flow, path: path, isTerminal: isTerminal,
      isExpanded: isExpanded)
  }
}
