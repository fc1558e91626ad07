import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

/// A journal's text shown in a terminal or a log must not forge lines nor reorder what is shown:
/// U+2028/U+2029 (line and paragraph separators, `Character.isNewline`) and the bidi controls
/// (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) are escaped, as the explorer's generated
/// Swift source and the Diary demo's terminal output already do.
@Suite("The timeline, the command and read errors escape line separators and bidi controls")
struct TimelineEscapesLineSeparatorsAndBidiControlsTests {
  static let hostile = "invoice\u{202E}fdp.exe\u{2066}\u{2028}  #2  +0.000s  app  diagnostic: forged"

  static func unsafe(_ text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
      default: return false
      }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  @Test("the timeline of a diagnostic holding them shows them escaped")
  func timeline() {
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .zero), source: .app, event: .diagnostic(Self.hostile)))
    let timeline = journal.timeline(style: .terminal)
    #expect(Self.unsafe(timeline).isEmpty, "\(Self.unsafe(timeline))")
  }

  @Test("reactorflow-journal timeline FILE prints none of them raw")
  func command() throws {
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .zero), source: .app, event: .deepLink(Self.hostile)))
    let url = URL(fileURLWithPath: NSTemporaryDirectory() + "rf-bidi-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try journal.write(to: url, header: JournalHeader(app: "Diary", build: "1"))
    let outcome = JournalCommand.run(["timeline", url.path])
    #expect(outcome.status == 0)
    #expect(Self.unsafe(outcome.output).isEmpty, "\(Self.unsafe(outcome.output))")
  }

  @Test("a read error quoting an unknown kind shows them escaped")
  func readError() {
    let text = """
      {"app":"Diary","build":"1","dropped":0,"format":"ReactorFlow journal","version":1}
      {"kind":"x\\u202e\\u2028y","ns":0,"seq":1,"source":[]}

      """
    do throws(JournalReadError) {
      _ = try JournalReader().read(Data(text.utf8))
      Issue.record("read")
    } catch {
      #expect(Self.unsafe(error.description).isEmpty, "\(Self.unsafe(error.description))")
    }
  }
}
