import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("A journal as a ring buffer keeps the last entries and counts the ones it dropped")
struct RingBufferTests {
  func entry(_ sequence: Int) -> JournalEntry {
    JournalEntry(
      time: JournalTime(sequence: UInt64(sequence), offset: .zero), source: .app,
      event: .deepLink("diary://\(sequence)"))
  }

  @Test("it keeps the last N entries in order and counts the dropped ones", arguments: [1, 3, 7])
  func keepsTheLast(capacity: Int) {
    var journal = Journal(keepingLast: capacity)
    for sequence in 1...20 {
      journal.append(entry(sequence))
      let kept = Array(max(1, sequence - capacity + 1)...sequence)
      #expect(journal.entries.map { Int($0.time.sequence) } == kept)
      #expect(journal.droppedCount == sequence - kept.count)
    }
    #expect(journal.capacity == capacity)
  }

  @Test("an unbounded journal drops nothing")
  func unbounded() {
    var journal = Journal()
    for sequence in 1...1_000 { journal.append(entry(sequence)) }
    #expect(journal.count == 1_000)
    #expect(journal.droppedCount == 0)
    #expect(journal.capacity == nil)
  }

  @Test("the dropped count is written to the file and read back")
  func droppedCountSurvivesAFile() throws {
    var journal = Journal(keepingLast: 2)
    for sequence in 1...5 { journal.append(entry(sequence)) }
    let file = try JournalReader().read(journal.jsonLines(header: diaryHeader))
    #expect(file.journal.droppedCount == 3)
    #expect(file.journal.entries.map(\.time.sequence) == [4, 5])
  }

  @Test("a capacity below 1 is reported and taken as 1")
  @MainActor
  func capacityBelowOne() async {
    var journal: Journal?
    let diagnostics = await withDiagnostics {
      journal = Journal(keepingLast: 0)
    }
    #expect(
      diagnostics == [
        .text("Journal(keepingLast: 0) keeps at least one entry; pass a capacity of 1 or more.")
      ])
    #expect(journal?.capacity == 1)
  }

  @Test("a recorder numbers entries in order, times them by its clock, and keeps the last N")
  func recorderWithRingBuffer() async {
    let clock = TestClock()
    let recorder = JournalRecorder(clock: clock, keepingLast: 3)
    recorder.recordAction(DiaryAction.refresh, from: Sources.list)
    await clock.advance(by: .milliseconds(250))
    recorder.recordMutation(OpaqueMutation(), from: Sources.list)
    recorder.recordEffectOutput([DiaryEntry(id: 1, title: "Sun")], effect: 0, from: Sources.list)
    await clock.advance(by: .seconds(1))
    recorder.recordStep(AppStep.home, from: Sources.screen)
    let journal = recorder.journal
    #expect(journal.entries.map(\.time.sequence) == [2, 3, 4])
    #expect(
      journal.entries.map(\.time.offset) == [.milliseconds(250), .milliseconds(250), .milliseconds(1250)])
    #expect(journal.entries.map(\.event.kind) == [.mutation, .effectOutput, .step])
    #expect(journal.droppedCount == 1)
  }

  @Test("recording off is a nil recorder: nothing is evaluated")
  func recordingOff() {
    let recorder: JournalRecorder? = nil
    var evaluated = false
    func source() -> JournalSource {
      evaluated = true
      return Sources.list
    }
    recorder?.recordAction(DiaryAction.refresh, from: source())
    #expect(!evaluated)
  }

  @Test("a recorder records from many threads without losing or repeating a number")
  func concurrentRecording() async {
    let recorder = JournalRecorder()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<250 {
            recorder.recordAction(index, from: Sources.app.appending("Reactor", ordinal: task))
          }
        }
      }
    }
    let sequences = recorder.journal.entries.map(\.time.sequence)
    #expect(sequences == Array(1...2_000))
  }
}
