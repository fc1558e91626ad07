import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@Suite("Journal files: every entry kind is written and read back as it was")
struct JournalRoundTripTests {
  @Test("every entry kind reads back with its time, source and payload")
  func everyKindReadsBack() throws {
    let journal = everyKindJournal()
    #expect(Set(journal.entries.map(\.event.kind)) == Set(JournalEntry.Kind.allCases))
    let data = try journal.jsonLines(header: diaryHeader)
    let file = try JournalReader(expectedApp: "Diary").read(data)
    #expect(file.header == diaryHeader)
    #expect(file.journal.entries.map(fingerprint) == journal.entries.map(fingerprint))
    // Written again, the file is the same, byte for byte.
    #expect(try file.journal.jsonLines(header: file.header) == data)
  }

  @Test("Codable payloads decode to the recorded values; others name the type that must conform")
  func payloadsReplayOnlyWhenCodable() throws {
    let data = try everyKindJournal().jsonLines(header: diaryHeader)
    let entries = try JournalReader().read(data).journal.entries
    #expect(try entries[1].event.payload?.decoded(as: DiaryAction.self) == .refresh)
    #expect(
      try entries[3].event.payload?.decoded(as: [DiaryEntry].self) == [DiaryEntry(id: 7, title: "Rain")])
    #expect(try entries[4].event.payload?.decoded(as: AppStep.self) == .entry(id: 7))
    let mutation = try #require(entries[2].event.payload)
    #expect(!mutation.isReplayable)
    #expect(mutation.description == "setLoading(true)")
    #expect(throws: JournalPayloadError.notCodable(type: "ReactorFlowJournalTests.OpaqueMutation")) {
      try mutation.decoded(as: String.self)
    }
  }

  @Test("a recorded payload decodes to its value and refuses another type")
  func recordedPayloadDecodes() throws {
    let payload = JournalPayload(DiaryAction.open(id: 3))
    #expect(payload.isReplayable)
    #expect(try payload.decoded(as: DiaryAction.self) == .open(id: 3))
    #expect(
      throws: JournalPayloadError.typeMismatch(
        recorded: "ReactorFlowJournalTests.DiaryAction", requested: "Swift.Int")
    ) {
      try payload.decoded(as: Int.self)
    }
  }

  @Test("a journal written to a file reads back from it, streamed in chunks across a large payload")
  func fileRoundTrip() throws {
    var journal = everyKindJournal()
    // A payload longer than the reader's 64 KiB chunks: its line spans several of them.
    let long = String(repeating: "long entry ", count: 20_000)
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 100, offset: .seconds(9)), source: Sources.list,
        event: .stateSnapshot(JournalPayload(DiaryEntry(id: 9, title: long)))))
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    try journal.write(to: url, header: diaryHeader)
    let file = try JournalReader(expectedApp: "Diary").read(contentsOf: url)
    #expect(file.journal.entries.map(fingerprint) == journal.entries.map(fingerprint))
    #expect(try file.journal.entries.last?.event.payload?.decoded(as: DiaryEntry.self).title == long)
  }

  @Test("an empty journal is a header and an end line")
  func emptyJournal() throws {
    let data = try Journal().jsonLines(header: diaryHeader)
    #expect(lines(data).count == 2)
    let file = try JournalReader().read(data)
    #expect(file.journal.isEmpty)
  }

  @Test("a payload whose encoding throws is a typed error naming its entry")
  func encodingFailure() {
    struct Refusing: Codable, Sendable {
      struct Refused: Error {}
      func encode(to encoder: any Encoder) throws { throw Refused() }
      init() {}
      init(from decoder: any Decoder) throws {}
    }
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 5, offset: .zero), source: Sources.list,
        event: .action(JournalPayload(Refusing()))))
    let error = #expect(throws: JournalWriteError.self) {
      try journal.jsonLines(header: diaryHeader)
    }
    guard case .cannotEncode(let sequence, let type, _) = error else {
      Issue.record("no encoding error: \(String(describing: error))")
      return
    }
    #expect(sequence == 5)
    #expect(type.hasSuffix("Refusing"))
  }
}
