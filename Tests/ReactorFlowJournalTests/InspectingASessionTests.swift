import Foundation
import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ReactorFlowJournal

@Suite("Inspecting a session: the page, the command and the first difference between two journals")
struct InspectingASessionTests {
  /// A folder of its own for a test's files.
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func write(_ journal: Journal, to url: URL) throws {
    try journal.write(to: url, header: diaryHeader)
  }

  /// The JSON the page embeds, as the page's script reads it.
  func data(of html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"journal\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let text = String(html[start.upperBound..<end.lowerBound])
    return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("the page holds every entry with its source, kind and text, and the rendered trees whole")
  func pageHoldsEveryEntry() throws {
    let journal = everyKindJournal()
    let html = JournalInspectorPage(file: JournalFile(header: diaryHeader, journal: journal)).html
    let data = try data(of: html)
    let entries = try #require(data["entries"] as? [[Any]])
    let sources = try #require(data["sources"] as? [String])
    #expect(entries.count == journal.count)
    for (entry, row) in zip(journal.entries, entries) {
      #expect(row[0] as? String == String(entry.time.sequence))  // a string: exact past 2^53
      #expect(row[2] as? String == entry.event.kind.rawValue)
      #expect(sources[try #require(row[3] as? Int)] == entry.source.description)
      if case .renderedTree(let tree) = entry.event { #expect(row[5] as? String == tree) }
    }
    #expect(data["app"] as? String == "Diary")
    // No network, nothing outside the page.
    #expect(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(!html.contains("https://"))
  }

  @Test("a journal's text never closes the data element nor starts markup: it stays data")
  func hostileTextStaysData() throws {
    let hostile = "</script><script>window.pwned = 1</script><!-- \u{2028}\u{2029}\u{1B}[2J & \"quoted\" \\"
    var journal = Journal()
    let source = JournalSource.app.appending("</textarea><img src=x onerror=alert(1)>")
    journal.append(
      JournalEntry(time: JournalTime(sequence: 1, offset: .zero), source: source, event: .deepLink(hostile)))
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 2, offset: .zero), source: source, event: .renderedTree(hostile)))
    let file = JournalFile(
      header: JournalHeader(app: "<script>alert(1)</script>", build: hostile), journal: journal)
    let html = JournalInspectorPage(file: file).html
    // Exactly the page's own two script elements, and its data reads back as the same text.
    #expect(html.components(separatedBy: "<script").count - 1 == 2)
    #expect(html.components(separatedBy: "</script>").count - 1 == 2)
    #expect(!html.contains("<img"))
    let data = try data(of: html)
    let entries = try #require(data["entries"] as? [[Any]])
    #expect(entries[0][5] as? String == hostile)
    #expect(data["app"] as? String == "<script>alert(1)</script>")
  }

  @Test("the first difference: kind, source, content, and a journal that ends early")
  func firstDifference() {
    let journal = everyKindJournal()
    #expect(journal.firstDifference(from: journal) == nil)
    var entries = journal.entries
    entries[4] = JournalEntry(
      time: entries[4].time, source: entries[4].source, event: .step(JournalPayload(AppStep.home)))
    let changed = Journal(entries: entries)
    let difference = journal.firstDifference(from: changed)
    #expect(difference?.index == 4)
    #expect(difference?.reason == .content)
    #expect(difference?.first?.contains("entry(id: 7)") == true)
    #expect(difference?.second?.contains("home") == true)
    let shorter = Journal(entries: Array(journal.entries.prefix(3)))
    #expect(journal.firstDifference(from: shorter)?.reason == .onlyInFirst)
    #expect(shorter.firstDifference(from: journal)?.index == 3)
    var moved = journal.entries
    moved[1] = JournalEntry(time: moved[1].time, source: Sources.screen, event: moved[1].event)
    #expect(journal.firstDifference(from: Journal(entries: moved))?.reason == .source)
    // Times are not compared: a replay runs at another pace.
    let later = Journal(
      entries: journal.entries.map {
        JournalEntry(
          time: JournalTime(sequence: $0.time.sequence, offset: $0.time.offset * 2), source: $0.source,
          event: $0.event)
      })
    #expect(journal.firstDifference(from: later) == nil)
  }

  @Test("the command: inspect writes a page, diff and --replay find a tampered entry, misuse says how")
  func command() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = folder.appendingPathComponent("recorded.jsonl")
    let tampered = folder.appendingPathComponent("tampered.jsonl")
    try write(everyKindJournal(), to: recorded)
    var entries = everyKindJournal().entries
    entries[6] = JournalEntry(time: entries[6].time, source: entries[6].source, event: .gesture(.swipeDown))
    try write(Journal(entries: entries), to: tampered)

    let inspected = JournalCommand.run(["inspect", recorded.path])
    #expect(inspected.status == 0)
    let page = try String(contentsOf: URL(fileURLWithPath: recorded.path + ".html"), encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))

    let diff = JournalCommand.run(["diff", recorded.path, tampered.path])
    #expect(diff.status == 1)
    #expect(diff.output.hasPrefix("Entry 6 differs"))
    #expect(JournalCommand.run(["diff", recorded.path, recorded.path]).status == 0)

    let output = folder.appendingPathComponent("replayed.html")
    let marked = JournalCommand.run([
      "inspect", recorded.path, "--replay", tampered.path, "--output", output.path,
    ])
    #expect(marked.status == 0)
    let mark = try #require(
      try data(of: String(contentsOf: output, encoding: .utf8))["mark"] as? [String: Any])
    #expect(mark["index"] as? Int == 6)

    #expect(JournalCommand.run([]).status == 64)
    #expect(JournalCommand.run(["inspect"]).status == 64)
    #expect(JournalCommand.run(["frobnicate\u{1B}[2J"]).error.contains("\u{1B}") == false)
    #expect(JournalCommand.run(["timeline", folder.appendingPathComponent("missing").path]).status == 65)
    let unwritable = JournalCommand.run([
      "inspect", recorded.path, "--output", folder.path + "/no/such/page.html",
    ])
    #expect(unwritable.status == 73)
    #expect(unwritable.error.contains("--output"))
    #expect(JournalCommand.run(["timeline", recorded.path]).output.contains("rendered tree"))
    #expect(JournalCommand.run(["mermaid", recorded.path]).status == 0)
  }

  @Test("a replay's divergence is marked at its entry, with what was recorded and what happened")
  func replayDivergenceMarked() throws {
    let divergence = JournalDivergence(
      index: 5, kind: .navigation, source: Sources.home, reason: .differs, expected: "push DiaryEntryScreen",
      actual: "present <b>DiaryEntryScreen</b>")
    let page = JournalInspectorPage(
      file: JournalFile(header: diaryHeader, journal: everyKindJournal()), replayDivergence: divergence)
    let mark = try #require(try data(of: page.html)["mark"] as? [String: Any])
    #expect(mark["index"] as? Int == 5)
    #expect((mark["expected"] as? String)?.hasSuffix("push DiaryEntryScreen") == true)
    #expect(mark["actual"] as? String == "present <b>DiaryEntryScreen</b>")
  }

  @Test("damaged journals through inspect and diff: a page, a difference or a typed error, never a crash")
  func damagedJournals() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let valid = try everyKindJournal().jsonLines(header: diaryHeader)
    let original = folder.appendingPathComponent("original.jsonl")
    try valid.write(to: original)
    var random = SplitMix64(startingAt: 0x494E_5350)
    let file = folder.appendingPathComponent("damaged.jsonl")
    for trial in 0..<200 {
      var data = valid
      if trial % 4 == 0 {
        data = data.prefix(random.next(below: data.count))
      } else {
        for _ in 0..<(1 + random.next(below: 4)) {
          data[data.startIndex + random.next(below: data.count)] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      try data.write(to: file)
      let inspected = JournalCommand.run([
        "inspect", file.path, "--output", folder.appendingPathComponent("page.html").path,
      ])
      #expect([0, 65].contains(inspected.status), "trial \(trial)")
      let diff = JournalCommand.run(["diff", original.path, file.path])
      #expect([0, 1, 65].contains(diff.status), "trial \(trial)")
      for text in [inspected.error, diff.output, diff.error] {
        #expect(
          !text.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
          "trial \(trial)")
      }
    }
  }
}
