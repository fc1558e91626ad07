/// What an exploration found: the states, the transitions between them, the problems.
public struct ExplorationResult: Sendable {
  /// Every state reached, in the order reached (breadth first).
  public let states: [ExploredState]
  /// Every input tried from every expanded state, in the order tried.
  public let transitions: [ExploredTransition]
  /// The problems, each with its shortest path, in the order found.
  public let problems: [ExplorationProblem]
  /// Whether every state was expanded (no depth or state limit was reached).
  public let isComplete: Bool
  /// How long the exploration took.
  public let duration: Duration

  /// The transitions that change the state (the map's edges; the rest leave the state as it is).
  public var moves: [ExploredTransition] { transitions.filter { $0.from != $0.to } }

  /// The length of the longest shortest path: how many inputs the farthest state needs.
  public var longestShortestPath: Int { states.map(\.path.count).max() ?? 0 }

  /// The states whose label contains `title` (to check a screen was reached).
  public func states(showing title: String) -> [ExploredState] {
    states.filter { $0.label.contains(title) || $0.tree.contains("\"\(title)\" *") }
  }

  /// A summary, then each problem with its path and reproduction script.
  public var report: String {
    var lines = [
      "\(states.count) states, \(moves.count) transitions between states (\(transitions.count) inputs "
        + "tried), longest shortest path \(longestShortestPath), \(problems.count) problem(s)"
        + (isComplete ? "" : " — a depth or state limit was reached: the map is partial")
    ]
    for (number, problem) in problems.enumerated() {
      lines.append("")
      lines.append("Problem \(number + 1) \(problem.summary)")
      lines.append("  reproduction:")
      lines += problem.script.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
