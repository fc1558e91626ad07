import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// `diary run --record FILE` with a password and a PIN typed: the file holds neither, nor their
/// length, and replays all the same.
@MainActor
@Suite("Demo: the password and the PIN never reach a journal file", .checksLeaks)
struct SecretsNeverReachTheJournalTests {
  /// A password too short, the demo account's, a wrong PIN and the right one.
  static let session = [
    "e demo@reactorflow.dev", "p nope", "s", "p reactor123", "s", ">", ">", "l", "p 0000", "p 1234",
  ]

  /// Records ``session`` into a file of `folder`, as `diary run --record FILE` does.
  static func record(in folder: TemporaryFolder) async throws -> URL {
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
    let output = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      app, events: TerminalInput.script(session, signals: []), output: output.output,
      recording: SessionRecording(app: app, to: url))
    #expect(code == 0)
    // The app read the secrets: it signed in, and the PIN opened the private notes.
    #expect(try output.text().contains("Path: Profile › Private notes"))
    return url
  }

  @Test("the file's bytes hold no password, not even its length: ‹redacted› in its place")
  func noPassword() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(in: folder)
    let bytes = try String(decoding: Data(contentsOf: url), as: UTF8.self)
    for secret in ["reactor123", "nope"] {
      #expect(!bytes.contains(secret), "\(secret) is in the file")
    }
    // Nor its length, as a count or as one bullet a character.
    #expect(!bytes.contains("characters>"))
    #expect(!bytes.contains(String(repeating: "•", count: 10)))
    #expect(bytes.contains(Redacted<String>.marker))
    let file = try DiaryJournal.reader.read(contentsOf: url)
    let signIn = file.journal.entries.filter { "\($0.source)".hasSuffix("SignInReactor/0") }
    let typed = signIn.filter { $0.event.kind == .action }.compactMap(\.event.payload)
      .filter { $0.description.hasPrefix("passwordDidUpdate") }
    #expect(
      typed.map(\.json) == Array(repeating: "{\"passwordDidUpdate\":{\"_0\":\"‹redacted›\"}}", count: 2))
    #expect(typed.map(\.description) == Array(repeating: "passwordDidUpdate(‹redacted›)", count: 2))
    // The sign-in screen's state: the password is the marker, in its value and its description.
    let states = signIn.filter { $0.event.kind == .stateSnapshot }.compactMap(\.event.payload)
    #expect(!states.isEmpty)
    for state in states {
      #expect(state.json?.contains("\"password\":\"‹redacted›\"") == true, "\(state.json ?? "")")
      #expect(state.description.contains("‹redacted›"), "\(state.description)")
    }
    // What the screen shows is in the file too (the rendered trees): that a password was typed,
    // never how long it is.
    let shown = file.journal.entries.compactMap { entry -> [String]? in
      guard case .renderedTree(let tree) = entry.event else { return nil }
      return tree.components(separatedBy: "\n").filter { $0.contains("Password: ") }
    }.flatMap { $0 }
    #expect(!shown.isEmpty)
    let masks = Set(shown.map { $0.components(separatedBy: "Password: ").last ?? "" })
    #expect(masks == ["—", "••••••••"], "\(shown)")
  }

  @Test("the PIN screen's actions and states hold no PIN typed: ‹redacted› in its place")
  func noPIN() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(in: folder)
    let file = try DiaryJournal.reader.read(contentsOf: url)
    let pin = file.journal.entries.filter { "\($0.source)".hasSuffix("PINReactor/0") }
    let payloads = pin.compactMap(\.event.payload)
    let actions = pin.filter { $0.event.kind == .action }.compactMap(\.event.payload)
    #expect(actions.map(\.json) == Array(repeating: "{\"pinDidEnter\":{\"_0\":\"‹redacted›\"}}", count: 2))
    #expect(pin.contains { $0.event.kind == .stateSnapshot })
    for value in payloads.flatMap({ [$0.description, $0.json ?? ""] }) {
      for typed in ["0000", "1234"] {
        #expect(!value.contains(typed), "\(typed) is in \(value)")
      }
      #expect(!value.contains("characters>"), "the PIN's length is in \(value)")
    }
  }

  @Test("the file replays faithfully without them: diary replay exits with 0 at the private notes")
  func replays() async throws {
    let folder = try TemporaryFolder()
    let url = try await Self.record(in: folder)
    let apps = LaunchedApps()
    let report = await DiaryReplay.replay(contentsOf: url) { apps.apps.append($0) }
    #expect(report.code == 0, "\(report.errors)")
    #expect(report.output.contains("every checkpoint the same"))
    #expect(report.output.contains("screen \"Private notes\" *"))
    let calls = apps.takeCalls()
    #expect(calls.auth == 0, "the replay signed in again: \(calls)")
  }
}
