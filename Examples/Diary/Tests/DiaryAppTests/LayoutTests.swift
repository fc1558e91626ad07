import Clocks
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The frame fits the terminal it is drawn on, from 40×12 up: lines wrapped at spaces or cut to
/// the width, the header always on screen, long content scrolled.
@MainActor
@Suite("Demo: the frame fits the terminal", .checksLeaks)
struct LayoutTests {
  @Test("at 80×24 the key line and long messages wrap at spaces within 80 columns")
  func eightyColumns() async throws {
    try await expectNoLeaks { leaks in
      let size = TerminalSize(columns: 80, rows: 24)
      let session = try Session(leaks, size: size)
      FrameChecks.expectFits(await session.start(), size, tabs: false)
      FrameChecks.expectFits(await session.type(["e demo@reactorflow.dev", "p reactor123", "s"]), size)
      FrameChecks.expectFits(await session.type(["n", "t Half written", "x A line."]), size)
      let left = await session.type("b")
      FrameChecks.expectFits(left, size)
      #expect(
        FrameChecks.words(left).contains(
          "Your unsaved entry \"Half written\" is kept as a draft: r on the diary list resumes it."))
      let help = await session.type("?")
      FrameChecks.expectFits(help, size)
      FrameChecks.expectFits(await session.type(String(repeating: "nonsense ", count: 30)), size)
    }
  }

  @Test("a 300-line entry at 80×24: the header stays on screen and j/k scroll the text")
  func longEntryScrolls() async throws {
    try await expectNoLeaks { leaks in
      let size = TerminalSize(columns: 80, rows: 24)
      let session = try Session(leaks, size: size)
      await session.signIn()
      await session.type(["n", "t Long"])
      for number in 1...300 { await session.type("x Line \(number)") }
      let editor = session.app.frame()
      FrameChecks.expectFits(editor, size)
      // The editor shows the end of the text, where lines are added.
      #expect(editor.contains("Line 300"))
      let detail = await session.type("s")
      FrameChecks.expectFits(detail, size)
      #expect(detail.contains("Line 1\n"))
      #expect(!detail.contains("Line 300"))
      #expect(detail.contains("j Scroll down"))
      let scrolled = await session.type("j")
      FrameChecks.expectFits(scrolled, size)
      #expect(!scrolled.contains("Line 1\n"))
      #expect(scrolled.contains("j k Scroll"))
      await session.type("k")
      #expect(session.app.frame() == detail)
    }
  }

  @Test("a title longer than 100 characters is refused with the limit; the title stays as it was")
  func titleLimit() async throws {
    try await expectNoLeaks { leaks in
      let size = TerminalSize(columns: 80, rows: 24)
      let session = try Session(leaks, size: size)
      await session.signIn()
      await session.type(["n", "t Short"])
      let refused = await session.type("t " + String(repeating: "Title ", count: 1000))
      FrameChecks.expectFits(refused, size)
      #expect(FrameChecks.words(refused).contains("A title has at most 100 characters (this one has 5999)"))
      #expect(session.content.first == "Title: Short")
    }
  }

  @Test("at 40×12 every screen keeps its header and fits, keys and messages included")
  func smallestTerminal() async throws {
    try await expectNoLeaks { leaks in
      let size = TerminalSize.minimum
      let session = try Session(leaks, size: size)
      FrameChecks.expectFits(await session.start(), size, tabs: false)
      for command in [
        "e demo@reactorflow.dev", "p reactor123", "s", "n", "t A title", "x Text", "s", "?", "b",
      ] {
        let frame = await session.type(command)
        FrameChecks.expectFits(frame, size, tabs: session.app.window.rootViewController is TabBar)
      }
      for command in [">", "1", "b", ">", "s", "b", "l"] {
        FrameChecks.expectFits(await session.type(command), size)
      }
    }
  }

  @Test("a live terminal resized to 40×12 is laid out again: no line wider, the header on screen")
  func resize() async throws {
    let output = try CapturedOutput()
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .zero, launchDelay: .zero)
    app.size = TerminalSize(columns: 110, rows: 40)
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let run = Task {
      await TerminalSession.runLive(app, events: events, output: output.output, trace: TraceBuffer())
    }
    // Yields `event` once the top screen is `title` (the live loop does not wait for the app).
    func send(_ event: TerminalEvent, on title: String) async throws {
      var turns = 0
      while app.window.topScreen?.title != title, turns < 10_000 {
        await Task.yield()
        turns += 1
      }
      try #require(app.window.topScreen?.title == title)
      continuation.yield(event)
    }
    try await send(.line("e demo@reactorflow.dev"), on: "Sign in")
    try await send(.line("p reactor123"), on: "Sign in")
    try await send(.line("s"), on: "Sign in")
    try await send(.resize(.minimum), on: "Diary")
    try await send(.line("?"), on: "Diary")
    continuation.yield(.line("q"))
    continuation.finish()
    #expect(await run.value == 0)
    let frames = try output.text().components(separatedBy: "\u{1B}[H\u{1B}[2J")
    let last = try #require(frames.dropLast().last)
    // The frame and the prompt under it.
    #expect(last.hasSuffix("\n> "))
    FrameChecks.expectFits(last, .minimum)
    #expect(FrameChecks.words(last).contains("Help:"))
  }
}
