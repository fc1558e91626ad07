import Clocks
import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// `diary run --record FILE`: a session recorded into a journal file, read back.
@MainActor
@Suite("Demo: a session recorded into a journal file", .checksLeaks)
struct SessionRecordingTests {
  /// Where the sign-in screen's reactor sits.
  static let signIn = JournalSource.app.appending("AppFlow").appending("AuthFlow").appending("SignInReactor")
  static let wishlist = JournalSource.app.appending("AppFlow").appending("WishlistFlow")
    .appending("WishlistReactor")

  @Test("a scripted session's journal holds its inputs in order, each with its source, and replayable values")
  func inputsInOrder() async throws {
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let app = try Self.app()
    let output = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      app,
      events: TerminalInput.script(
        ["e demo@reactorflow.dev", "p reactor123", "s", ">", "1", "b"], signals: []),
      output: output.output, recording: SessionRecording(app: app, to: url))
    #expect(code == 0)

    let file = try DiaryJournal.reader.read(contentsOf: url)
    #expect(file.header.app == "Diary")
    let inputs = file.journal.entries.filter { $0.event.kind.isInput && $0.event.kind != .effectOutput }
      .map { "\($0.event.kind.rawValue) \($0.source): \(Self.text(of: $0.event))" }
    // The user's inputs, in the order typed, among the steps the app's own steppers emitted.
    let typed = inputs.filter {
      !$0.hasPrefix("step") && !$0.contains("viewWillAppear") && !$0.contains("undoDidExpire")
    }
    #expect(
      typed == [
        "action \(Self.signIn): emailDidUpdate(\"demo@reactorflow.dev\")",
        "action \(Self.signIn): passwordDidUpdate(‹redacted›)",
        "action \(Self.signIn): signInButtonDidTap",
        "gesture \(Window.journalSource(ofTabBar: 0)): select tab 1",
        "action \(Self.wishlist): movieDidTap(index: 0)",
        "gesture \(Window.journalSource): back",
      ])
    // The sign-in call's result came from an effect; the step it led to, from the reactor.
    #expect(inputs.contains("step \(Self.signIn): userIsLoggedIn"))
    #expect(
      file.journal.entries.contains {
        if case .effectOutput(_, let payload) = $0.event {
          return $0.source == Self.signIn && payload.description == "setLoading(false)"
        }
        return false
      })
    // Every action, step and effect output is kept with its encoded value: it replays.
    let payloads = file.journal.entries.filter { $0.event.kind.isInput }.compactMap(\.event.payload)
    #expect(!payloads.isEmpty)
    #expect(payloads.allSatisfy { $0.json != nil })
    // A checkpoint after each command: the rendered tree and the reactors' states.
    #expect(file.journal.entries.filter { $0.event.kind == .renderedTree }.count == 7)
    #expect(file.journal.entries.contains { $0.event.kind == .stateSnapshot && $0.source == Self.wishlist })
  }

  @Test("the file is a whole, readable journal after each input, not only when the session ends")
  func wholeAfterEachInput() async throws {
    let leaks = LeakTracker()
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let session = try Session(leaks)
    let recording = SessionRecording(app: session.app, to: url)
    await session.start()
    try recording.checkpoint()
    let afterLaunch = try DiaryJournal.reader.read(contentsOf: url).journal.count
    await session.type("e demo@reactorflow.dev")
    try recording.checkpoint()
    let afterEmail = try DiaryJournal.reader.read(contentsOf: url).journal
    #expect(afterEmail.count > afterLaunch)
    #expect(afterEmail.entries.contains { $0.event.kind == .action && $0.source == Self.signIn })
    // The work of the input being handled is what a crash would lose: it is not on disk yet.
    await session.type("p reactor123")
    #expect(try DiaryJournal.reader.read(contentsOf: url).journal.count == afterEmail.count)
    _ = recording
  }

  @Test("a journal that cannot be written is said on stderr; the session goes on and ends normally")
  func unwritable() async throws {
    let app = try Self.app()
    let output = try CapturedOutput()
    let errors = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      app, events: TerminalInput.script(["?"], signals: []), output: output.output, errors: errors.output,
      recording: SessionRecording(app: app, to: URL(fileURLWithPath: "/nonexistent-folder/session.jsonl")))
    #expect(code == 0)
    let said = try errors.text()
    #expect(said.hasPrefix("diary: The journal could not be written to /nonexistent-folder/session.jsonl"))
    #expect(said.hasSuffix("Recording stopped.\n"))
    #expect(said.components(separatedBy: "\n").count == 2)
    #expect(try output.text().hasSuffix("diary: bye\n"))
  }

  static func app() throws -> DiaryApplication {
    try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
  }

  static func text(of event: JournalEntry.Event) -> String {
    switch event {
    case .gesture(let gesture): return gesture.description
    case .deepLink(let link): return link
    default: return event.payload?.description ?? ""
    }
  }
}
