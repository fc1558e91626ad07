import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// What `diary replay FILE` and `diary run --restore FILE` print of a journal — its path, its
/// header, the screens and values it recorded — goes through the demo's terminal sanitizer, as
/// every other untrusted text: no control character, escape or bidi control reaches the terminal.
@MainActor
@Suite("Demo: replaying or restoring a journal prints none of its control or bidi characters", .checksLeaks)
struct ReplayPrintsNoTerminalControlsTests {
  /// Right-to-left override, left-to-right isolate, a screen clear, a carriage return, NEL and
  /// the line separator.
  static let hostile = "\u{202E}txt.exe\u{2066}\u{1B}[2J\r\u{85}\u{2028}end"
  static let forbidden: [Unicode.Scalar] = ["\u{202E}", "\u{2066}", "\u{1B}", "\r", "\u{85}", "\u{2028}"]

  /// The scalars of `text` that must not reach a terminal raw.
  static func unsafeParts(of text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      forbidden.contains(scalar) || (scalar != "\n" && TerminalText.isUnsafe(scalar))
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// A session whose entry's title and text hold ``hostile``, recorded in a folder whose name
  /// holds it too, with ``hostile`` in the header's build.
  static func recorded(in folder: TemporaryFolder) async throws -> (URL, EditableJournal) {
    let hostileFolder = folder.path + "/\(hostile)"
    try FileManager.default.createDirectory(atPath: hostileFolder, withIntermediateDirectories: true)
    let recorded = try await ReplayCommandTests.record(
      ["e demo@reactorflow.dev", "p reactor123", "s", "n", "t a \(hostile)", "x b \(hostile)", "s"],
      in: folder)
    var journal = try EditableJournal(contentsOf: recorded)
    journal.header["build"] = hostile
    let url = URL(fileURLWithPath: hostileFolder + "/session.jsonl")
    try journal.write(to: url)
    return (url, journal)
  }

  @Test("a replay that ends where the session ended: the path, the header and the screen, sanitized")
  func faithful() async throws {
    let folder = try TemporaryFolder()
    let (url, _) = try await Self.recorded(in: folder)
    let report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == 0, "\(report.errors)")
    #expect(report.output.contains("every checkpoint the same"))
    #expect(report.output.contains("txt.exe"))
    #expect(Self.unsafeParts(of: report.output + report.errors).isEmpty, "\(report.output)")
  }

  @Test("a divergence on a hostile text: what was recorded and what happened, sanitized")
  func divergence() async throws {
    let folder = try TemporaryFolder()
    let (url, recorded) = try await Self.recorded(in: folder)
    var journal = recorded
    // The entry's title as a reactor received it, changed: the checkpoints that follow differ.
    let index = try #require(journal.firstIndex(of: "action", at: "DiaryEditReactor", case: "titleDidUpdate"))
    let json = try #require(journal.entries[index]["json"] as? String)
    let description = try #require(journal.entries[index]["description"] as? String)
    journal.entries[index]["json"] = json.replacingOccurrences(of: "txt.exe", with: "gpj.exe")
    journal.entries[index]["description"] = description.replacingOccurrences(of: "txt.exe", with: "gpj.exe")
    try journal.write(to: url)
    let report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == DiaryReplay.divergedCode, "\(report.errors)")
    #expect(report.errors.contains("gpj.exe"))
    #expect(Self.unsafeParts(of: report.output + report.errors).isEmpty, "\(report.errors)")
  }

  @Test(
    "a journal refused (another app's, a hostile value): the reason, sanitized; restoring says it sanitized")
  func refused() async throws {
    let folder = try TemporaryFolder()
    let (url, recorded) = try await Self.recorded(in: folder)
    var foreign = recorded
    foreign.header["app"] = "Diary\(Self.hostile)"
    var hostileValue = recorded
    let index = try #require(
      hostileValue.firstIndex(of: "action", at: "DiaryEditReactor", case: "titleDidUpdate"))
    let unknownCase = try JSONSerialization.data(withJSONObject: [Self.hostile: [String: Int]()])
    hostileValue.entries[index]["json"] = String(decoding: unknownCase, as: UTF8.self)
    var hostileType = recorded
    hostileType.entries[index]["type"] = "DiaryApp.\(Self.hostile)"
    for journal in [foreign, hostileValue, hostileType] {
      try journal.write(to: url)
      let report = await DiaryReplay.replay(contentsOf: url)
      #expect(report.code == DiaryReplay.unreadableCode, "\(report.errors)")
      #expect(report.errors.contains("txt.exe"), "\(report.errors)")
      #expect(Self.unsafeParts(of: report.output + report.errors).isEmpty, "\(report.errors)")
      let app = try DiaryApplication(storage: .inMemory, networkLatency: .zero, launchDelay: .zero)
      do {
        _ = try SessionRestoration.reading(contentsOf: url, into: app)
        Issue.record("the journal was restored")
      } catch {
        #expect(error.description.contains("txt.exe"))
        #expect(Self.unsafeParts(of: error.description).isEmpty, "\(error.description)")
      }
    }
  }
}
