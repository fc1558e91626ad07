import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

@Suite("A journal file keeps where each action and step came from, and shows it as File.swift:42")
struct JournalFilesKeepCallSitesTests {
  let refresh = JournalCallSite(fileID: "Diary/DiaryListView.swift", line: 42)
  let open = JournalCallSite(fileID: "Diary/DiaryListScreen.swift", line: 7)

  /// An action and a step with call sites, and a mutation without.
  func journal() -> Journal {
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .zero), source: Sources.list,
        event: .action(JournalPayload(DiaryAction.refresh)), callSite: refresh))
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 2, offset: .milliseconds(1)), source: Sources.list,
        event: .mutation(JournalPayload(OpaqueMutation()))))
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 3, offset: .milliseconds(2)), source: Sources.screen,
        event: .step(JournalPayload(AppStep.entry(id: 7))), callSite: open))
    return journal
  }

  func readError(_ data: Data) -> JournalReadError? {
    do throws(JournalReadError) {
      _ = try JournalReader().read(data)
      return nil
    } catch {
      return error
    }
  }

  /// `journal()`'s file with its line `number` (from 1) made by `edit`.
  func editing(line number: Int, _ edit: (String) -> String) throws -> Data {
    var all = lines(try journal().jsonLines(header: diaryHeader))
    all[number - 1] = Data(edit(String(decoding: all[number - 1], as: UTF8.self)).utf8)
    return joined(all)
  }

  @Test("written and read back, each entry keeps its call site, and one without keeps none")
  func roundTrip() throws {
    let data = try journal().jsonLines(header: diaryHeader)
    #expect(
      String(decoding: data, as: UTF8.self).contains(
        #""callSite":{"file":"Diary/DiaryListView.swift","line":42}"#))
    let read = try JournalReader().read(data).journal
    #expect(read.entries.map(\.callSite) == [refresh, nil, open])
  }

  @Test("a file written before call sites were recorded (no callSite field) reads, without them")
  func olderFile() throws {
    let data = Data(
      """
      {"app":"Diary","build":"1.0 (42)","dropped":0,"format":"ReactorFlow journal","version":1}
      {"description":"refresh","json":"\\"refresh\\"","kind":"action","ns":0,"seq":1,"source":[],"type":"Diary.Action"}
      {"description":"entry(id: 7)","kind":"step","ns":5,"seq":2,"source":[{"ordinal":0,"type":"AppFlow"}],"type":"AppStep"}
      {"end":2}

      """.utf8)
    let read = try JournalReader().read(data).journal
    #expect(read.entries.map(\.event.kind) == [.action, .step])
    #expect(read.entries.allSatisfy { $0.callSite == nil })
  }

  @Test(
    "a hostile call site is a typed error naming its line",
    arguments: [
      #""callSite":{"file":"","line":3}"#,
      #""callSite":{"file":"A.swift","line":0}"#,
      #""callSite":{"file":"A.swift","line":-5}"#,
      #""callSite":{"file":"A.swift","line":1e400}"#,
      #""callSite":{"file":"A.swift","line":"12"}"#,
      #""callSite":{"file":"A.swift"}"#,
      #""callSite":"A.swift:12""#,
      #""callSite":[]"#,
    ])
  func hostileCallSite(_ field: String) throws {
    let data = try editing(line: 2) { line in
      line.replacingOccurrences(
        of: #""callSite":{"file":"Diary/DiaryListView.swift","line":42}"#, with: field)
    }
    let error = readError(data)
    #expect(error?.line == 2, "\(field): \(String(describing: error))")
    switch error?.problem {
    case .invalidField(let name, _)?:
      #expect(name.hasPrefix("callSite"))
    case .notJSON?:
      // A number JSON itself cannot hold (1e400) fails the line before its fields are looked at.
      #expect(field.contains("1e400"))
    default:
      Issue.record("\(field): \(String(describing: error))")
    }
  }

  @Test("the timeline shows File.swift:42 after each action and step that has one, escaped")
  func timeline() throws {
    var journal = journal()
    let text = journal.timeline()
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix("action: refresh  at DiaryListView.swift:42"))
    #expect(lines[1].hasSuffix("mutation: setLoading(true)"))
    #expect(lines[2].hasSuffix("at DiaryListScreen.swift:7"))
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 4, offset: .milliseconds(3)), source: Sources.list,
        event: .action(JournalPayload(DiaryAction.refresh)),
        callSite: JournalCallSite(fileID: "Evil/\u{1B}[2J\u{7}.swift", line: 1)))
    let hostile = journal.timeline(style: .terminal)
    #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}" })
    #expect(!hostile.contains("\u{1B}[2J"))
    #expect(hostile.hasSuffix(#"at \u{1B}[2J\u{7}.swift:1"#))
  }

  @Test("the page holds each entry's call site as data, escaped, and null where there is none")
  func page() throws {
    var journal = journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 4, offset: .milliseconds(3)), source: Sources.list,
        event: .action(JournalPayload(DiaryAction.refresh)),
        callSite: JournalCallSite(fileID: "Evil/</script><script>alert(1)</script>.swift", line: 9)))
    let html = JournalInspectorPage(file: JournalFile(header: diaryHeader, journal: journal)).html
    #expect(!html.contains("</script><script>alert"))
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"journal\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let data = try #require(
      JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    )
    let entries = try #require(data["entries"] as? [[Any]])
    #expect(
      entries.map { $0[7] as? String } == [
        "Diary/DiaryListView.swift:42", nil, "Diary/DiaryListScreen.swift:7",
        "Evil/</script><script>alert(1)</script>.swift:9",
      ])
  }
}
