import Foundation
import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ReactorFlowJournal

/// Steps of a small app with two gates, for the trimming model.
enum TrimStep: Step, Codable, Equatable, RestorationGate {
  case signIn, pin, list, detail(Int)
  var isRestorationGate: Bool { self == .signIn || self == .pin }
}

@MainActor
@Suite("Restoration leaves out the history before a gate reached again: one pass, as the rule says")
struct RestorationTrimsHistoryInOnePassTests {
  typealias Input = (index: Int, entry: JournalEntry)

  /// The rule as first written, searching the rest of the journal at every gate step: keep the
  /// inputs up to a gate step; when the same step is reached again later from the same source,
  /// leave out what lies between, and go on after its last time.
  static func reference(_ inputs: [Input]) -> [Input] {
    for (first, input) in inputs.enumerated()
    where NavigationRestoration.isGateStep(input.entry, stepTypes: [TrimStep.self]) {
      guard
        let last = inputs.lastIndex(where: {
          $0.entry.source == input.entry.source && $0.entry.event.isSame(as: input.entry.event)
        }), last > first
      else { continue }
      return Array(inputs[...first]) + reference(Array(inputs[(last + 1)...]))
    }
    return inputs
  }

  static func randomInputs(_ random: inout SplitMix64) -> [Input] {
    let sources = [JournalSource.app.appending("AppFlow"), JournalSource.app.appending("AuthFlow")]
    let steps: [TrimStep] = [.signIn, .pin, .list, .detail(1), .detail(2)]
    return (0..<random.next(below: 40)).map { index in
      let source = sources[random.next(below: sources.count)]
      let event: JournalEntry.Event =
        random.next(below: 5) == 0
        ? .action(JournalPayload(typeName: "Action", description: "tap", json: "\"tap\""))
        : .step(JournalPayload(steps[random.next(below: steps.count)]))
      return (
        index,
        JournalEntry(
          time: JournalTime(sequence: UInt64(index + 1), offset: .zero), source: source, event: event)
      )
    }
  }

  @Test("random journals: the one-pass trimming keeps exactly what the rule keeps", arguments: 0..<4)
  func matchesTheRule(seed: UInt64) {
    var random = SplitMix64(startingAt: 0x5452_494D &+ seed)
    for trial in 0..<500 {
      let inputs = Self.randomInputs(&random)
      let kept = NavigationRestoration.withoutHistory(inputs, stepTypes: [TrimStep.self]).map(\.index)
      let expected = Self.reference(inputs).map(\.index)
      #expect(kept == expected, "seed \(seed) trial \(trial)")
    }
  }
}
