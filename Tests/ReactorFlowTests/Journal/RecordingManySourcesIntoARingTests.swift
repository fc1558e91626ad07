import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// Two reactors (each with a log of its own in the recorder), entries recorded by the recorder
/// itself, and reads of the journal at random moments, against a model: the list of what was
/// recorded, in order.
@Suite("Recording many sources into a ring keeps the last entries, in the order they were recorded")
@MainActor
struct RecordingManySourcesIntoARingTests {
  let firstSource = JournalSource.app.appending("HomeFlow").appending("JournaledCounter")
  let secondSource = JournalSource.app.appending("HomeFlow").appending("JournaledCounter", ordinal: 1)

  @Test("random sends, deep links and reads: each read is the model's last entries", arguments: 0..<24)
  func randomSessions(seed: Int) {
    var random = SplitMix64(startingAt: UInt64(seed))
    // Every fourth session unbounded; the others rings of 1 to 6 entries.
    let capacity: Int? = seed % 4 == 0 ? nil : 1 + random.next(below: 6)
    let (recorder, first, second) = twoCountersRecorded(keepingLast: capacity)
    var model: [String] = []
    for step in 0..<80 {
      switch random.next(below: 6) {
      case 0, 1:
        first.send(.increment)
        model += ["action: increment @ \(firstSource)", "mutation: add(1) @ \(firstSource)"]
      case 2:
        second.send(.typed("t\(step)"))
        model += [
          "action: typed(\"t\(step)\") @ \(secondSource)",
          "mutation: setText(\"t\(step)\") @ \(secondSource)",
        ]
      case 3:
        recorder.recordDeepLink("diary://entries/\(step)")
        model.append("deepLink: diary://entries/\(step) @ app")
      default:
        expectLastEntries(of: model, in: recorder.journal, capacity: capacity)
      }
      if let capacity {
        #expect(recorder.heldEntryCount <= 2 * capacity, "a ring holds at most twice its capacity")
      }
    }
    expectLastEntries(of: model, in: recorder.journal, capacity: capacity)
  }

  /// A recorder (a ring of `capacity` entries, or unbounded) recording two counters, each in a log
  /// of its own.
  func twoCountersRecorded(keepingLast capacity: Int?) -> (
    JournalRecorder, JournaledCounter, JournaledCounter
  ) {
    let recorder = capacity.map { JournalRecorder(keepingLast: $0) } ?? JournalRecorder()
    let first = JournaledCounter()
    let second = JournaledCounter()
    first.record(into: recorder, as: firstSource)
    second.record(into: recorder, as: secondSource)
    return (recorder, first, second)
  }

  /// `journal` holds the last of `model`'s entries (in a ring, as many as it keeps, less any
  /// diagnostic that a suite running meanwhile reported), numbered without gaps, and counts the
  /// others as dropped.
  func expectLastEntries(of model: [String], in journal: Journal, capacity: Int?) {
    let sequences = journal.entries.map(\.time.sequence)
    let last = Int(sequences.last ?? 0)
    #expect(sequences == (last == 0 ? [] : Array(max(1, last - sequences.count + 1)...last).map(UInt64.init)))
    #expect(journal.droppedCount == last - sequences.count)
    let ours = summary(entriesWithoutDiagnostics(journal))
    guard let capacity else {
      #expect(ours == model)
      return
    }
    #expect(journal.count == min(capacity, last))
    #expect(ours == Array(model.suffix(ours.count)))
  }

  @Test("a ring read after many entries from two reactors keeps exactly the last ones")
  func longRecordingWithoutReads() {
    let (recorder, first, second) = twoCountersRecorded(keepingLast: 7)
    var model: [String] = []
    for round in 0..<500 {
      first.send(.increment)
      second.send(.typed("\(round)"))
      model += [
        "action: increment @ \(firstSource)", "mutation: add(1) @ \(firstSource)",
        "action: typed(\"\(round)\") @ \(secondSource)", "mutation: setText(\"\(round)\") @ \(secondSource)",
      ]
      #expect(recorder.heldEntryCount <= 14)
    }
    expectLastEntries(of: model, in: recorder.journal, capacity: 7)
  }
}
