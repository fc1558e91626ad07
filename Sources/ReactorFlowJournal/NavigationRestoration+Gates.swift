import ReactorFlow

/// Reading a journal's gates: which steps are gates and ways through, and the history before a
/// gate the journal came back to.
extension NavigationRestoration {
  /// `inputs` without what came before the journal came back to a gate it had reached already
  /// (a sign-in after signing out): restoring goes from the launch to the gate, as the first
  /// time, then on from where it was reached last.
  static func withoutHistory(
    _ inputs: [(index: Int, entry: JournalEntry)], stepTypes: [any (Step & Decodable).Type]
  ) -> [(index: Int, entry: JournalEntry)] {
    // One pass to find where each gate step was reached last, one pass to keep what is restored.
    struct Reached: Hashable {
      let source: JournalSource
      let type: String
      let description: String
    }
    func reached(_ entry: JournalEntry) -> Reached? {
      guard case .step(let payload) = entry.event else { return nil }
      return Reached(source: entry.source, type: payload.typeName, description: payload.description)
    }
    var gates: [Int] = []
    var last: [Reached: Int] = [:]
    for (position, input) in inputs.enumerated() {
      guard let key = reached(input.entry) else { continue }
      last[key] = position
      if isGateStep(input.entry, stepTypes: stepTypes) { gates.append(position) }
    }
    guard !gates.isEmpty else { return inputs }
    var kept: [(index: Int, entry: JournalEntry)] = []
    kept.reserveCapacity(inputs.count)
    var position = 0
    var gate = 0
    while position < inputs.count {
      kept.append(inputs[position])
      while gate < gates.count, gates[gate] < position { gate += 1 }
      if gate < gates.count, gates[gate] == position, let key = reached(inputs[position].entry),
        let again = last[key], again > position
      {
        position = again + 1
      } else {
        position += 1
      }
    }
    return kept
  }

  static func isGateStep(_ entry: JournalEntry, stepTypes: [any (Step & Decodable).Type]) -> Bool {
    gateStep(entry, stepTypes: stepTypes)?.isRestorationGate ?? false
  }

  static func passesGate(_ entry: JournalEntry, stepTypes: [any (Step & Decodable).Type]) -> Bool {
    gateStep(entry, stepTypes: stepTypes)?.passesRestorationGate ?? false
  }

  static func gateStep(
    _ entry: JournalEntry, stepTypes: [any (Step & Decodable).Type]
  ) -> (any RestorationGate)? {
    guard case .step(let payload) = entry.event else { return nil }
    return try? payload.step(among: stepTypes) as? any RestorationGate
  }
}
