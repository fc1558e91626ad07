import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal
import Testing

@testable import ReactorFlowExplorer

@Suite("A replay looks at as many of the app's entries per recorded entry, however long the journal")
@MainActor
struct ReplayingCostsTheSamePerEntryTests {
  /// How many of the replayed app's entries a faithful replay of `rounds` picks and backs looked
  /// at, per recorded entry.
  private func examinedPerEntry(rounds: Int) async -> Double {
    let exploration = Exploration.pantry(service: PantryService())
    let path = Array(repeating: [ExplorationInput.action("Pick tea"), .back], count: rounds).flatMap { $0 }
    let journal = await exploration.record(path)
    let replay = await exploration.replay(
      journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    // Diagnostics are reported process-wide: the recording may hold other tests' ones, which a
    // replay does not check. Per entry is per entry of the app's own.
    let own = journal.entries.filter { $0.event.kind != .diagnostic }.count
    return Double(replay.examinedCount) / Double(own)
  }

  @Test("a journal four times as long costs less than 1.5 times as much per entry")
  func flatPerEntry() async {
    let short = await examinedPerEntry(rounds: 20)
    let long = await examinedPerEntry(rounds: 80)
    #expect(long <= short * 1.5, "per entry: \(short) for 20 rounds, \(long) for 80")
  }
}
