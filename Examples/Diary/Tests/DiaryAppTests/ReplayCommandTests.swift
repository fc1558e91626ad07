import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// `diary replay FILE`: a session recorded with `--record` replayed in a fresh app.
@MainActor
@Suite("Demo: replaying a recorded session from its file", .checksLeaks)
struct ReplayCommandTests {
  static let session = [
    "f", "e demo@reactorflow.dev", "s", "b", "e demo@reactorflow.dev", "p reactor123", "s", "n", "t Lunch",
    "x with Mina", "s", "b", "1", "delete", "y", "u", ">", "1", "w", "b", ">", "s", "1", "i Hello", "b", "2",
    "2", "b", "d",
  ]

  /// Records `commands` (from launch) into a file of `folder`.
  static func record(_ commands: [String], in folder: TemporaryFolder) async throws -> URL {
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
    let output = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      app, events: TerminalInput.script(commands, signals: []), output: output.output,
      recording: SessionRecording(app: app, to: url))
    #expect(code == 0)
    return url
  }

  @Test("a recorded session replays: every checkpoint the same, the final screen printed, no service called")
  func faithful() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(Self.session, in: folder)
    let apps = LaunchedApps()
    let report = await DiaryReplay.replay(contentsOf: url) { apps.apps.append($0) }
    #expect(report.code == 0, "\(report.errors)")
    #expect(report.errors.isEmpty)
    #expect(report.output.contains("every checkpoint the same. The final screen:\n"))
    // The session ended on the profile tab, the accent changed to blue in the settings.
    #expect(report.output.contains("tabs \"Main\" tabs: Diary | Wishlist | [Profile] *"))
    #expect(report.output.contains("| Accent: blue"))
    let calls = apps.takeCalls()
    #expect(calls.auth == 0 && calls.catalog == 0 && calls.database == 0, "\(calls)")
  }

  @Test("an effect's output changed in the file: the first divergence, escaped, and exit status 1")
  func divergence() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(["e demo@reactorflow.dev", "p reactor123", "s", ">"], in: folder)
    // The list the catalog gave, as if the app had reduced a title that clears the screen.
    let text = try String(contentsOf: url, encoding: .utf8)
    let changed =
      text.split(separator: "\n").map { line in
        line.contains("\"kind\":\"mutation\"") && line.contains("setMovies")
          ? line.replacingOccurrences(of: "title: \\\"Parasite", with: "title: \\\"\\u001b[2JParasite")
          : String(line)
      }.joined(separator: "\n") + "\n"
    #expect(changed != text)
    try changed.write(to: url, atomically: true, encoding: .utf8)
    let report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == DiaryReplay.divergedCode)
    #expect(report.errors.hasPrefix("diary: the replay diverged. Entry "))
    #expect(report.errors.contains("(mutation at AppFlow/0 > WishlistFlow/0 > WishlistReactor/0)"))
    #expect(report.errors.contains("\\u{1B}[2JParasite"))
    #expect(report.output.contains("where it diverged. The screen there:\n"))
    for text in [report.output, report.errors] {
      #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }
  }

  @Test("--report: a page of the session, the divergence marked at its entry; a folder that is not there: 73")
  func reportPage() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(["e demo@reactorflow.dev", "p reactor123", "s", ">"], in: folder)
    let page = URL(fileURLWithPath: folder.path + "/report.html")
    let faithful = await DiaryReplay.replay(contentsOf: url, report: page)
    #expect(faithful.code == 0)
    #expect(faithful.output.contains("the report is in"))
    #expect(try String(contentsOf: page, encoding: .utf8).contains("\"mark\":null"))

    let text = try String(contentsOf: url, encoding: .utf8)
    let changed = text.replacingOccurrences(of: "title: \\\"Parasite", with: "title: \\\"Parasite II")
    #expect(changed != text)
    try changed.write(to: url, atomically: true, encoding: .utf8)
    let diverged = await DiaryReplay.replay(contentsOf: url, report: page)
    #expect(diverged.code == DiaryReplay.divergedCode)
    let html = try String(contentsOf: page, encoding: .utf8)
    let index = try #require(diverged.errors.split(separator: " ").drop { $0 != "Entry" }.dropFirst().first)
    #expect(html.contains("\"mark\":{\"index\":\(index),"))

    let nowhere = await DiaryReplay.replay(
      contentsOf: url, report: URL(fileURLWithPath: folder.path + "/no/such/folder/report.html"))
    #expect(nowhere.code == DiaryReplay.divergedCode)  // the replay's own status wins
    #expect(nowhere.errors.contains("--report"))
  }

  @Test(
    "a damaged, cut or foreign file: a typed error naming the first bad line, exit status 65, nothing replayed"
  )
  func unreadable() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(["e demo@reactorflow.dev"], in: folder)
    // The lines of the journal as if written whole (its header does not say it was appended to as
    // recorded): one cut short is refused (the diary's own, appended, is read up to where it
    // stopped: RecordingAppendsToTheFileTests).
    let lines = try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "\"appended\":true,", with: "").split(separator: "\n").map(String.init)
    let cases: [(String, String)] = [
      // Cut in the middle of its third line.
      (
        lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(20),
        "Line 3 of the journal: The line ends without a line break"
      ),
      // A line that is not JSON, with a control character in it.
      (lines[0] + "\n" + lines[1] + "\n{\u{1B}[2J\n", "Line 3 of the journal: The line is not a JSON object"),
      // Another app's journal.
      (
        lines.joined(separator: "\n").replacingOccurrences(
          of: "\"app\":\"Diary\"", with: "\"app\":\"Pantry\"") + "\n",
        "Line 1 of the journal: The journal was recorded by \"Pantry\", not \"Diary\""
      ),
      ("", "Line 1 of the journal: The line is not a journal header"),
    ]
    for (content, message) in cases {
      try content.write(to: url, atomically: true, encoding: .utf8)
      let report = await DiaryReplay.replay(contentsOf: url)
      #expect(report.code == DiaryReplay.unreadableCode)
      #expect(report.output.isEmpty)
      #expect(report.errors.hasPrefix("diary: cannot replay \(url.path): \(message)"), "\(report.errors)")
      #expect(!report.errors.contains("\u{1B}"))
    }
    let missing = await DiaryReplay.replay(contentsOf: URL(fileURLWithPath: folder.path + "/none.jsonl"))
    #expect(missing.code == DiaryReplay.unreadableCode)
    #expect(missing.errors.contains("The journal file: The file cannot be read"))
  }
}
