import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@Suite("A journal appended to as it is recorded is readable whenever the app stops")
struct AppendedJournalsSurviveAKillTests {
  /// A recorder that recorded every kind of entry, in `everyKindJournal()`'s order.
  private func recorder(of journal: Journal) -> JournalRecorder {
    let recorder = JournalRecorder()
    for entry in journal.entries { recorder.record(entry.event, from: entry.source) }
    return recorder
  }

  @Test("after each append, the file reads back with every entry written so far, as stopped there")
  func readableAfterEachAppend() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let expected = everyKindJournal()
    let recorder = JournalRecorder()
    let writer = try JournalFileWriter(url: url, header: diaryHeader)
    #expect(try JournalReader().read(contentsOf: url).journal.count == 0)
    for (count, entry) in expected.entries.enumerated() {
      recorder.record(entry.event, from: entry.source)
      try writer.append(from: recorder)
      let file = try JournalReader().read(contentsOf: url)
      #expect(file.journal.count == count + 1)
      #expect(file.ending == .stopped(tornTail: nil))
      #expect(file.journal.entries.map(\.event.kind) == expected.entries.prefix(count + 1).map(\.event.kind))
    }
    // Nothing new: nothing written.
    let size = try Data(contentsOf: url).count
    try writer.append(from: recorder)
    #expect(try Data(contentsOf: url).count == size)
    try writer.finish()
    let file = try JournalReader().read(contentsOf: url)
    #expect(file.ending == .complete)
    #expect(file.journal.entries.map(\.event.kind) == expected.entries.map(\.event.kind))
  }

  @Test("cut at any byte past its header, the file reads back with its whole entries and the torn tail")
  func cutAtAnyByte() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let expected = everyKindJournal()
    let writer = try JournalFileWriter(url: url, header: diaryHeader)
    try writer.append(expected.entries)
    let data = try Data(contentsOf: url)
    let breaks = data.indices.filter { data[$0] == 0x0A }
    let headerEnd = breaks[0] + 1
    for cut in headerEnd...data.count {
      let file = try JournalReader().read(data.prefix(cut))
      let whole = breaks.filter { $0 < cut }.count - 1
      #expect(file.journal.count == whole, "cut at byte \(cut)")
      let lastBreak = breaks.last { $0 < cut } ?? 0
      let torn = cut - (lastBreak + 1)
      let tail = torn == 0 ? nil : JournalTornTail(line: whole + 2, byteCount: torn)
      #expect(file.ending == .stopped(tornTail: tail), "cut at byte \(cut)")
      #expect(
        file.journal.entries.map(fingerprint) == expected.entries.prefix(whole).map(fingerprint),
        "cut at byte \(cut)")
    }
    // Cut inside its header, it is not a journal yet: a typed error, never a crash.
    for cut in 0..<headerEnd {
      #expect(throws: JournalReadError.self) { try JournalReader().read(data.prefix(cut)) }
    }
  }

  @Test("a journal written whole and cut short is still refused: only an appended one may stop early")
  func wholeJournalsStayStrict() throws {
    let data = try everyKindJournal().jsonLines(header: diaryHeader)
    let cut = data.prefix(data.count - 5)
    #expect(throws: JournalReadError(line: 14, .truncatedLine)) { try JournalReader().read(cut) }
    let withoutEnd = joined(lines(data).dropLast())
    #expect(throws: JournalReadError(line: 14, .missingEnd)) { try JournalReader().read(withoutEnd) }
  }

  @Test("a writer started again on the same file starts a new journal")
  func startingAgainReplacesTheFile() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let first = try JournalFileWriter(url: url, header: diaryHeader)
    try first.append(from: recorder(of: everyKindJournal()))
    try first.finish()
    let second = try JournalFileWriter(url: url, header: diaryHeader)
    let recorder = JournalRecorder()
    recorder.recordDeepLink("diary://entries/1")
    try second.append(from: recorder)
    let file = try JournalReader().read(contentsOf: url)
    #expect(file.journal.count == 1)
    #expect(file.ending == .stopped(tornTail: nil))
  }

  @Test("a ring buffer's recorder appends the entries it still holds, each once")
  func ringBufferAppendsEachEntryOnce() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = JournalRecorder(keepingLast: 4)
    let writer = try JournalFileWriter(url: url, header: diaryHeader)
    for number in 1...10 {
      recorder.recordDeepLink("diary://entries/\(number)")
      try writer.append(from: recorder)
    }
    try writer.finish()
    let links = try JournalReader().read(contentsOf: url).journal.entries.map { entry -> String in
      guard case .deepLink(let link) = entry.event else { return "" }
      return link
    }
    #expect(links == (1...10).map { "diary://entries/\($0)" })
  }
}
