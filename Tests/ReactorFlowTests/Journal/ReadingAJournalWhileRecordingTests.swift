import ReactorFlow
import Testing

@Suite("A journal read while recording goes on shows every entry so far, in order, within its bound")
@MainActor
struct ReadingAJournalWhileRecordingTests {
  let source = JournalSource.app.appending("HomeFlow").appending("JournaledCounter")

  @Test("a journal read mid-way has every entry so far, and the next read goes on from it")
  func readMidway() {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    counter.send(.increment)
    let first = entriesWithoutDiagnostics(recorder.journal)
    #expect(first.map(\.event.kind) == [.action, .mutation])
    counter.send(.typed("later"))
    recorder.recordDeepLink("diary://entries/1")
    let second = entriesWithoutDiagnostics(recorder.journal)
    #expect(second.map(\.time.sequence) == [1, 2, 3, 4, 5])
    #expect(summary(Array(second.prefix(2))) == summary(first))
    #expect(second[2].event.payload?.value as? JournaledCounter.Action == .typed("later"))
    #expect(second[3].event.payload?.value as? JournaledCounter.Mutation == .setText("later"))
    #expect(second[3].source == source)
    guard case .deepLink(let link) = second[4].event else {
      Issue.record("expected a deep link, got \(second[4].event.kind)")
      return
    }
    #expect(link == "diary://entries/1")
  }

  @Test(
    "a ring keeps the last entries and counts the others, whether the journal is read before it wraps or not",
    arguments: [1, 2, 3, 5])
  func ringAcrossReads(capacity: Int) {
    let recorder = JournalRecorder(keepingLast: capacity)
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    var recorded = 0
    for round in 1...7 {
      counter.send(.increment)
      recorded += 2
      // Read after some rounds only: the entries since the last read wrap around the ring, or not.
      if round == 1 || round == 3 || round == 4 {
        expectLastEntries(recorder.journal, capacity: capacity, atLeast: recorded)
      }
    }
    let journal = recorder.journal
    expectLastEntries(journal, capacity: capacity, atLeast: recorded)
    let values = journal.entries.filter { $0.source == source }.compactMap(\.event.payload?.value)
    #expect(values.allSatisfy { $0 is JournaledCounter.Action || $0 is JournaledCounter.Mutation })
    #expect(journal.capacity == capacity)
  }

  /// The journal keeps the last `capacity` of the entries recorded so far (a diagnostic that
  /// another test reports meanwhile is recorded too: the count is read from the last number).
  func expectLastEntries(_ journal: Journal, capacity: Int, atLeast recorded: Int) {
    let sequences = journal.entries.map(\.time.sequence)
    let last = Int(sequences.last ?? 0)
    #expect(last >= recorded)
    #expect(sequences == Array(max(1, last - capacity + 1)...max(1, last)).map(UInt64.init))
    #expect(journal.count <= capacity)
    #expect(journal.droppedCount == last - sequences.count)
  }

  @Test("entries recorded on the main actor and on other threads share one order, without gaps or repeats")
  func mainActorAndOtherThreadsInterleave() async {
    let recorder = JournalRecorder()
    let counter = JournaledCounter()
    counter.record(into: recorder, as: source)
    let elsewhere = JournalSource.app.appending("Worker")
    let worker = Task.detached {
      for index in 0..<200 { recorder.recordAction(index, from: elsewhere) }
    }
    for _ in 0..<100 {
      counter.send(.increment)
      await Task.yield()
    }
    await worker.value
    // Recorded after the worker's last entry: numbered after it.
    counter.send(.typed("after"))
    let journal = recorder.journal
    #expect(journal.entries.map(\.time.sequence) == Array(1...UInt64(journal.count)))
    let entries = entriesWithoutDiagnostics(journal)
    #expect(entries.count == 200 + 200 + 2)
    let workers = entries.filter { $0.source == elsewhere }
    #expect(workers.compactMap { $0.event.payload?.value as? Int } == Array(0..<200))
    let counters = entries.filter { $0.source == source }
    #expect(counters.count == 202)
    #expect(zip(counters, counters.dropFirst()).allSatisfy { $0.time.offset <= $1.time.offset })
    #expect(
      counters.map(\.event.kind)
        == Array(repeating: [JournalEntry.Kind.action, .mutation], count: 101).flatMap { $0 })
    #expect(counters.last?.event.payload?.value as? JournaledCounter.Mutation == .setText("after"))
    #expect(entries.suffix(2).allSatisfy { $0.source == source })
  }

  @Test("two reactors recorded into one recorder keep their own sources and values")
  func twoReactors() {
    let recorder = JournalRecorder()
    let first = JournaledCounter()
    let second = JournaledCounter()
    let secondSource = JournalSource.app.appending("HomeFlow").appending("JournaledCounter", ordinal: 1)
    first.record(into: recorder, as: source)
    second.record(into: recorder, as: secondSource)
    first.send(.increment)
    second.send(.typed("two"))
    first.send(.typed("one"))
    #expect(
      summary(entriesWithoutDiagnostics(recorder.journal)) == [
        "action: increment @ HomeFlow/0 > JournaledCounter/0",
        "mutation: add(1) @ HomeFlow/0 > JournaledCounter/0",
        "action: typed(\"two\") @ HomeFlow/0 > JournaledCounter/1",
        "mutation: setText(\"two\") @ HomeFlow/0 > JournaledCounter/1",
        "action: typed(\"one\") @ HomeFlow/0 > JournaledCounter/0",
        "mutation: setText(\"one\") @ HomeFlow/0 > JournaledCounter/0",
      ])
  }
}
