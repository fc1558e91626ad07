import Clocks
import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// Outputs that fail, scripts written on other systems, long entries, long lists, and a sign-in
/// that finishes while the user looks elsewhere.
@MainActor
@Suite("Demo: robustness — outputs, scripts, long entries, long lists", .checksLeaks)
struct RobustnessTests {
  @Test("a full output (/dev/full) ends the session with exit code 74 and a word on stderr, no crash")
  func fullOutput() async throws {
    let fileDescriptor = open("/dev/full", O_WRONLY)
    try #require(fileDescriptor >= 0)
    defer { close(fileDescriptor) }
    let errors = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      try Self.app(), events: TerminalInput.script(["?"], signals: []),
      output: TerminalOutput(fileDescriptor: fileDescriptor), errors: errors.output)
    #expect(code == TerminalSession.outputFailedCode)
    #expect(
      try errors.text().hasPrefix(
        "diary: the output could not be written (No space left on device); leaving."))
  }

  @Test("a closed pipe (SIGPIPE ignored) ends the session with exit code 74, no crash")
  func closedPipe() async throws {
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    let errors = try CapturedOutput()
    let code = await TerminalSession.runTranscript(
      try Self.app(), events: TerminalInput.script(["?"], signals: []),
      output: TerminalOutput(fileDescriptor: ends[1]), errors: errors.output)
    #expect(code == TerminalSession.outputFailedCode)
    #expect(try errors.text().contains("(Broken pipe); leaving."))
  }

  @Test("scripts: CRLF line ends, indented # comments, a final newline")
  func scriptLines() {
    #expect(
      TerminalInput.scriptCommands("n\r\nt A day\r\n  # a comment\r\n\t# another\r\ns\r\n") == [
        "n", "t A day", "s",
      ])
    #expect(TerminalInput.scriptCommands("n\n\nq") == ["n", "", "q"])
    #expect(TerminalInput.scriptCommands("") == [])
  }

  @Test("a script can be a pipe (/dev/stdin, <(…)): it is read as a stream, not as a regular file")
  func scriptFromPipe() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let text = Array("# signed in below\ne demo@reactorflow.dev\r\nq\n".utf8)
    #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.count)
    close(ends[1])
    defer { close(ends[0]) }
    #expect(try TerminalInput.readScript(at: "/dev/fd/\(ends[0])") == ["e demo@reactorflow.dev", "q"])
    #expect {
      try TerminalInput.readScript(at: "/nonexistent/script.txt")
    } throws: { error in
      "\(error)"
        == "Cannot read the script /nonexistent/script.txt: check that the file exists and can be read."
    }
  }

  @Test("adding a line costs O(1): the lines are shared, never copied, and the editor shows the last ones")
  func appendingLines() async throws {
    var lines = Lines("")
    for number in 0..<1_000 {
      let before = lines
      lines.append("line \(number)")
      #expect(lines.sharesBuffer(with: before))
      #expect(before.count == number)
    }
    #expect(lines.count == 1_000)
    #expect(lines.suffix(2) == ["line 998", "line 999"])
    // An older copy extended: copied, and the newer one is unchanged.
    var older = Lines("a\nb")
    let newer = {
      var copy = older; copy.append("c"); return copy
    }()
    older.append("x")
    #expect(!older.sharesBuffer(with: newer))
    #expect(older.text == "a\nb\nx")
    #expect(newer.text == "a\nb\nc")
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, size: TerminalSize(columns: 80, rows: 24))
      await session.signIn()
      await session.type(["n", "t Long"])
      for number in 1...100 { await session.type("x line \(number)") }
      // The frame does not grow with the entry: it shows the end of the text, the rest scrolls.
      #expect(session.lines.count <= 24)
      #expect(session.app.frame().contains(" 100  line 100\n"))
      #expect(session.app.frame().contains("── lines "))
      #expect(session.content.last == " 100  line 100")
      await session.type("s")
      #expect(session.content.count == 3 + 100)
    }
  }

  @Test("the list is paged: 10 entries a page, ] older, [ newer, numbers of other pages are not keys")
  func paging() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      for day in 1...25 {
        await session.type(["n", "t Day \(day)", "d 2026-10-\(day < 10 ? "0" : "")\(day)", "s", "b"])
      }
      let first = await session.type("?")
      #expect(first.contains("1. 2026-10-25  Day 25"))
      #expect(first.contains("10. 2026-10-16  Day 16"))
      #expect(!first.contains("11. "))
      #expect(first.contains("Entries 1–10 of 25"))
      #expect(first.contains("Keys: 1-10 Open · ] Older · n New entry"))
      #expect(await session.type("11").contains("Unknown key \"11\""))
      let last = await session.type(["]", "]"])
      #expect(last.contains("Entries 21–25 of 25"))
      #expect(last.contains("25. 2026-10-01  Day 1"))
      #expect(last.contains("Keys: 21-25 Open · [ Newer · n New entry"))
      #expect(await session.type("25").contains("Path: Diary › Day 1"))
      // Back from an entry: the same page.
      #expect(await session.type("b").contains("Entries 21–25 of 25"))
      #expect(await session.type("[").contains("Entries 11–20 of 25"))
    }
  }

  @Test("a sign-in that finishes while find password is shown is kept, and goes on when back")
  func signInWhileHidden() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      await session.type(["e demo@reactorflow.dev", "p reactor123"])
      // Sign in, and open find password before the answer comes.
      session.app.handle("s")
      session.app.handle("f")
      await session.app.settle()
      #expect(session.top == "Find password")
      let tabs = await session.type("b")
      #expect(tabs.contains("Tabs: [Diary]  Wishlist   Profile"))
      #expect(leaks.alive.filter { $0.hasPrefix("AuthFlow") }.isEmpty)
    }
  }

  private static func app() throws -> DiaryApplication {
    try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
  }
}
