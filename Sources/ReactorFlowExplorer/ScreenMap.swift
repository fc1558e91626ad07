extension ExplorationResult {
  /// The map by screen: the states that show the same screen in the same flow (whatever the
  /// other tabs hold) drawn as one node, each input between two screens as one edge. Smaller
  /// than the map of states, and what a reader looks for first.
  public var screens: ExplorationResult {
    var group: [String: Int] = [:]
    var groupOf: [Int] = []
    var merged: [ExploredState] = []
    for state in states {
      let key = state.label + "\n" + state.flow
      if let id = group[key] {
        groupOf.append(id)
        if !state.isExpanded, merged[id].isExpanded { continue }
      } else {
        let id = merged.count
        group[key] = id
        groupOf.append(id)
        merged.append(
          ExploredState(
            id: id, tree: state.tree, label: state.label, flow: state.flow, path: state.path,
            isTerminal: state.isTerminal, isExpanded: state.isExpanded))
      }
    }
    var seen: Set<ExploredTransition> = []
    var transitions: [ExploredTransition] = []
    for transition in self.transitions {
      let mapped = ExploredTransition(
        from: groupOf[transition.from], input: transition.input, to: groupOf[transition.to])
      if seen.insert(mapped).inserted { transitions.append(mapped) }
    }
    let problems = self.problems.map { problem in
      ExplorationProblem(
        kind: problem.kind, message: problem.message, path: problem.path,
        stateID: problem.stateID < groupOf.count ? groupOf[problem.stateID] : problem.stateID,
        script: problem.script)
    }
    return ExplorationResult(
      states: merged, transitions: transitions, problems: problems, isComplete: isComplete,
      duration: duration)
  }
}
