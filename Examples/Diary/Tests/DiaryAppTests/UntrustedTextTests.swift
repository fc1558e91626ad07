import Clocks
import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// What a hostile title, body or key could do to a terminal, checked on the bytes the app writes.
@MainActor
@Suite("Demo: untrusted text never reaches the terminal as control sequences", .checksLeaks)
struct UntrustedTextTests {
  /// Retitles the terminal, clears it, homes the cursor, then draws a fake prompt.
  static let hostileTitle = "\u{1B}]2;pwned\u{07}\u{1B}[2J\u{1B}[HPassword expired. Enter password:"
  /// Puts text into the terminal's clipboard (OSC 52), and an 8-bit CSI.
  static let hostileBody = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{9B}31mred\u{202E}desrever"

  @Test("the sanitizer replaces C0 and C1 controls, ESC, DEL and bidi controls by visible stand-ins")
  func sanitizer() {
    #expect(TerminalText.sanitized("plain 漢字 👩‍💻 é") == "plain 漢字 👩‍💻 é")
    #expect(TerminalText.sanitized("a\u{1B}[2Jb") == "a␛[2Jb")
    #expect(TerminalText.sanitized("\0\r\n\u{07}\u{7F}") == "␀␍␊␇␡")
    #expect(TerminalText.sanitized("tab\there") == "tab here")
    #expect(TerminalText.sanitized("\u{9B}31m\u{85}") == "\u{FFFD}31m\u{FFFD}")
    #expect(TerminalText.sanitized("a\u{202E}b\u{2066}c\u{200F}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    #expect(Self.unsafeParts(of: TerminalText.sanitized(Self.hostileTitle + Self.hostileBody)).isEmpty)
  }

  @Test("a hostile title and body are shown as text in the list, the entry, the editor and the path")
  func hostileEntry() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t \(Self.hostileTitle)", "x \(Self.hostileBody)"])
      let editor = Self.withoutOwnColours(session.app.frame(usesColor: true))
      #expect(Self.unsafeParts(of: editor).isEmpty)
      #expect(session.app.frame().contains("Title: ␛]2;pwned␇␛[2J␛[HPassword expired."))
      await session.type("s")
      let detail = Self.withoutOwnColours(session.app.frame(usesColor: true))
      #expect(Self.unsafeParts(of: detail).isEmpty)
      #expect(session.app.frame().contains("␛]52;c;cm0gLXJmIH4=␇\u{FFFD}31mred\u{FFFD}desrever"))
      await session.type("b")
      #expect(Self.unsafeParts(of: Self.withoutOwnColours(session.app.frame(usesColor: true))).isEmpty)
      #expect(session.app.frame().contains("1. "))
    }
  }

  @Test("the \"Unknown key\" echo of escapes is sanitized, and cut when long")
  func unknownKeyEcho() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      let escapes = await session.type("\u{1B}[2J\u{1B}[H")
      #expect(escapes.hasSuffix("Unknown key \"␛[2J␛[H\". Type one of the keys listed above, or ? for help."))
      let long = await session.type(String(repeating: "\u{1B}", count: 10_000))
      #expect(
        FrameChecks.words(long).hasSuffix(
          "Unknown key \"" + String(repeating: "␛", count: 19)
            + "…\". Type one of the keys listed above, or ? for help."))
      #expect(Self.unsafeParts(of: long).isEmpty)
    }
  }

  @Test("a transcript echoes each command sanitized, and --trace lines too")
  func transcriptEcho() async throws {
    let output = try CapturedOutput()
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
    app.trace.sink = { line in output.output.writeIfPossible("  · \(line)\n") }
    let commands = [
      "e demo@reactorflow.dev", "p reactor123", "s", "n", "t \(Self.hostileTitle)", "\u{1B}[A", "s", "q",
    ]
    let code = await TerminalSession.runTranscript(
      app, events: TerminalInput.script(commands, signals: []), output: output.output)
    #expect(code == 0)
    let text = try output.text()
    #expect(text.contains("> t ␛]2;pwned␇␛[2J␛[HPassword expired. Enter password:\n"))
    #expect(text.contains("> ␛[A\n"))
    #expect(text.contains("setTitle("))
    #expect(Self.unsafeParts(of: text).isEmpty)
  }

  @Test("long CJK and emoji titles fit the 80-column frame: the list cuts them, the entry wraps them")
  func wideText() async throws {
    #expect(TerminalText.displayWidth("漢字") == 4)
    #expect(TerminalText.displayWidth("👩‍💻") == 2)
    #expect(TerminalText.displayWidth("e\u{301}") == 1)
    #expect(TerminalText.displayWidth("한국어") == 6)
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      let title = String(repeating: "日記", count: 40) + String(repeating: "🎉", count: 20)
      await session.type(["n", "t \(title)", "x \(String(repeating: "中文", count: 50))", "s"])
      for line in session.app.frame().split(separator: "\n") {
        #expect(TerminalText.displayWidth(String(line)) <= 80, "\(line)")
      }
      let list = await session.type("b")
      for line in list.split(separator: "\n") {
        #expect(TerminalText.displayWidth(String(line)) <= 80, "\(line)")
      }
      #expect(list.contains("1. \(DiaryDate.today(Date()))  日記日記"))
      #expect(list.contains("…"))
      // A title quoted in a message is cut short too.
      await session.type(["n", "t \(title)", "b"])
      #expect(session.app.frame().contains("Your unsaved entry \"日記日記日記日記日記日記日記…\" is kept as a draft"))
    }
  }

  @Test(
    "fuzz: random keys with random text (controls, escapes, NULs, wide characters) never put a control byte in the output"
  )
  func fuzz() async throws {
    let sessions =
      ProcessInfo.processInfo.environment["REACTORFLOW_DIARY_FUZZ_SESSIONS"].flatMap(Int.init) ?? 12
    var random = SplitMix64(startingAt: 0x00D1_A2E5)
    for _ in 0..<sessions {
      let output = try CapturedOutput()
      let app = try DiaryApplication(
        storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
      var commands = ["e demo@reactorflow.dev", "p reactor123", "s"]
      for _ in 0..<80 { commands.append(Self.randomCommand(&random)) }
      let code = await TerminalSession.runTranscript(
        app, events: TerminalInput.script(commands, signals: []), output: output.output)
      #expect(code == 0)
      let text = try output.text()
      let unsafe = Self.unsafeParts(of: text)
      #expect(unsafe.isEmpty, "unsafe output: \(unsafe.prefix(5)) for commands \(commands)")
      // The coloured frame carries the renderer's own colours, and nothing else.
      #expect(Self.unsafeParts(of: Self.withoutOwnColours(app.frame(usesColor: true))).isEmpty)
      #expect(text.hasSuffix("diary: bye\n"))
    }
  }

  // MARK: - Helpers

  /// A command: a key the app knows (often) or not, with random text after it (often).
  static func randomCommand(_ random: inout SplitMix64) -> String {
    let keys = [
      "n", "t", "x", "d", "s", "b", "1", "2", "e", "<", ">", "?", "r", "discard", "]", "[", "f", "c",
    ]
    var command =
      random.next(below: 5) == 0 ? randomText(&random, length: 4) : keys[random.next(below: keys.count)]
    if random.next(below: 3) != 0 { command += " " + randomText(&random, length: 1 + random.next(below: 30)) }
    return command
  }

  static func randomText(_ random: inout SplitMix64, length: Int) -> String {
    let pieces = [
      "a", "Z", " ", "é", "漢", "字", "👩‍💻", "🎉", "\u{301}", "\0", "\u{1B}", "\u{1B}[2J", "\u{1B}]2;x\u{07}",
      "\u{1B}]52;c;eA==\u{07}", "\u{9B}", "\u{85}", "\u{7F}", "\r", "\t", "\u{08}", "\u{202E}", "\u{2066}",
      "\u{200F}", "2026-11-22", "#", "\\", "\"",
    ]
    var text = ""
    for _ in 0..<length {
      if random.next(below: 6) == 0 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(random.next(below: 0x20))))
      } else {
        text += pieces[random.next(below: pieces.count)]
      }
    }
    return text
  }

  /// `frame` without the renderer's own SGR sequences (bold, dim, reset, the accents).
  static func withoutOwnColours(_ frame: String) -> String {
    var text = frame
    for code in ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[0m"] + Accent.allCases.map(\.ansi) {
      text = text.replacingOccurrences(of: code, with: "")
    }
    return text
  }

  /// Each scalar of `text` that a terminal could act on: controls other than the newline, DEL,
  /// C1 controls, bidi controls.
  static func unsafeParts(of text: String) -> [String] {
    text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }.map {
      "U+" + String($0.value, radix: 16, uppercase: true)
    }
  }
}

/// A file the app writes its transcript to (a pipe could fill up and block the writer).
@MainActor
final class CapturedOutput {
  let folder: TemporaryFolder
  let path: String
  let fileDescriptor: Int32
  let output: TerminalOutput

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path + "/output.txt"
    fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fileDescriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    output = TerminalOutput(fileDescriptor: fileDescriptor)
  }

  /// What was written so far.
  func text() throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  deinit { close(fileDescriptor) }
}
