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
    for (first, input) in inputs.enumerated() where isGateStep(input.entry, stepTypes: stepTypes) {
      guard
        let last = inputs.lastIndex(where: {
          $0.entry.source == input.entry.source && $0.entry.event.isSame(as: input.entry.event)
        }), last > first
      else { continue }
      return Array(inputs[...first]) + withoutHistory(Array(inputs[(last + 1)...]), stepTypes: stepTypes)
    }
    return inputs
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
