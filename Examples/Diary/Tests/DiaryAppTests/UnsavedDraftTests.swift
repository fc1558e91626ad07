import Clocks
import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// An entry being written is never discarded without a word: leaving it (back, quit, the end of
/// the input, a signal) keeps it as a draft, offered on the diary list.
@MainActor
@Suite("Demo: an unsaved entry is kept as a draft, never discarded silently", .checksLeaks)
struct UnsavedDraftTests {
  @Test("back from an edited entry keeps it as a draft; r resumes it, s saves it and forgets the draft")
  func backKeepsTheDraft() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Half written", "x First line."])
      let list = await session.type("b")
      #expect(
        FrameChecks.words(list).contains(
          "Your unsaved entry \"Half written\" is kept as a draft: r on the diary list resumes it."))
      #expect(list.contains("Unsaved draft: Half written — r resumes, discard drops it"))
      #expect(list.contains("Keys: r Resume draft · discard Discard draft\n"))
      // Another editor would replace the kept draft when left: not before the draft is dealt with.
      #expect(await session.type("n").contains("You have an unsaved draft \"Half written\": r resumes it"))
      #expect(session.top == "Diary")
      await session.type("r")
      #expect(session.top == "New entry")
      #expect(
        session.content.prefix(4) == [
          "Title: Half written", "Date:  \(DiaryDate.today(Date()))", "Text:", "   1  First line.",
        ])
      await session.type(["x Second line.", "s"])
      #expect(session.content.suffix(2) == ["First line.", "Second line."])
      let after = await session.type("b")
      #expect(!after.contains("Unsaved draft"))
      #expect(after.contains("1. \(DiaryDate.today(Date()))  Half written"))
    }
  }

  @Test("back from an editor without changes keeps nothing and says nothing; discard drops a draft")
  func nothingToKeep() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Saved", "s", "e"])
      let detail = await session.type("b")
      #expect(!detail.contains("draft"))
      await session.type(["b", "n", "x Only text"])
      #expect(await session.type("b").contains("Your unsaved entry without a title is kept as a draft"))
      let dropped = await session.type("discard")
      #expect(dropped.contains("! The draft was discarded."))
      #expect(!dropped.contains("Unsaved draft"))
    }
  }

  @Test("q keeps the draft; the next start on the same file offers it")
  func quitKeepsTheDraft() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let first = try Session(leaks, storage: .file(path))
      await first.signIn()
      await first.type(["1", "n", "t Before quitting", "x Not saved yet.", "q"])
      #expect(first.app.isFinished)
    }
    try await expectNoLeaks { leaks in
      let second = try Session(leaks, storage: .file(path))
      #expect(await second.signIn().contains("Unsaved draft: Before quitting — r resumes, discard drops it"))
      await second.type("r")
      #expect(second.content.last == "   1  Not saved yet.")
    }
  }

  @Test("a draft that cannot be kept (locked file) stops back with a word; back again leaves without it")
  func keepingFails() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["n", "t Cannot keep"])
      let blocker = try DatabaseBlocker(path: path)
      let refused = await session.type("b")
      #expect(refused.contains("Your unsaved entry could not be kept as a draft (the diary file is locked"))
      #expect(FrameChecks.words(refused).contains("s saves it, or b again leaves without it."))
      #expect(session.top == "New entry")
      // Another key in between: back asks again.
      await session.type("x more")
      #expect(FrameChecks.words(await session.type("b")).contains("b again leaves without it."))
      let left = await session.type("b")
      blocker.release()
      #expect(session.top == "Diary")
      #expect(left.contains("Your unsaved entry was discarded."))
    }
  }

  @Test("the end of the input and a signal keep the draft and say so; a signal exits with 128 + its number")
  func endOfInputAndSignals() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    let signIn = ["e demo@reactorflow.dev", "p reactor123", "s"]
    // The end of the input.
    let output = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      try Self.app(path), events: TerminalInput.script(signIn + ["n", "t At EOF"], signals: []),
      output: output.output)
    #expect(code == 0)
    #expect(
      try output.text().hasSuffix(
        "diary: Your unsaved entry \"At EOF\" is kept as a draft: r on the diary list resumes it.\ndiary: bye\n"
      ))
    // SIGTERM, then SIGHUP: the draft of the run before is resumed, changed, and kept again.
    for (signal, title) in [(SIGTERM, "At SIGTERM"), (SIGHUP, "At SIGHUP")] {
      let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
      for line in signIn + ["r", "t \(title)"] { continuation.yield(.line(line)) }
      continuation.yield(.signal(signal))
      continuation.yield(.line("x after the signal"))
      let output = try CapturedOutput()
      let code = await TerminalSession.runTranscript(
        try Self.app(path), events: events, output: output.output)
      #expect(code == 128 + signal)
      let text = try output.text()
      #expect(text.contains("received, leaving."))
      #expect(text.contains("diary: Your unsaved entry \"\(title)\" is kept as a draft"))
      #expect(!text.contains("after the signal"))
    }
    let database = try DiaryDatabase.open(path: path)
    #expect(try database.keptDraft()?.title == "At SIGHUP")
    #expect(try database.entries().isEmpty)
  }

  private static func app(_ path: String) throws -> DiaryApplication {
    try DiaryApplication(
      storage: .file(path), clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1),
      busyTimeout: .zero)
  }
}

@MainActor
@Suite("Demo: the live terminal's last words", .checksLeaks)
struct LiveTerminalTests {
  @Test("q in a live terminal keeps the draft and says so after clearing the screen; no redraw covers it")
  func quitLive() async throws {
    let output = try CapturedOutput()
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .zero, launchDelay: .zero)
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let run = Task {
      await TerminalSession.runLive(app, events: events, output: output.output, trace: TraceBuffer())
    }
    // Types `line` once the top screen is `title` (the live loop does not wait for the app).
    func type(_ line: String, on title: String) async throws {
      var turns = 0
      while app.window.topScreen?.title != title, turns < 10_000 {
        await Task.yield()
        turns += 1
      }
      try #require(app.window.topScreen?.title == title)
      continuation.yield(.line(line))
    }
    try await type("e demo@reactorflow.dev", on: "Sign in")
    try await type("p reactor123", on: "Sign in")
    try await type("s", on: "Sign in")
    try await type("n", on: "Diary")
    try await type("t hello", on: "New entry")
    continuation.yield(.line("q"))
    continuation.finish()
    #expect(await run.value == 0)
    let last = try output.text().components(separatedBy: "\u{1B}[H\u{1B}[2J").last ?? ""
    #expect(
      last == """
        diary: Your unsaved entry "hello" is kept as a draft: r on the diary list resumes it.
        diary: bye (nothing was kept: --in-memory keeps the diary in memory only)

        """)
  }
}
