import Dispatch
import Foundation
import ReactorFlowJournal

/// What reaches the app from outside: a typed line, the end of the input, a signal.
public enum TerminalEvent: Sendable, Equatable {
  /// A line, without its line ending.
  case line(String)
  /// The input ended (end of file, Ctrl-D).
  case end
  /// A signal asking the app to end (`SIGTERM`, `SIGHUP`, `SIGINT`).
  case signal(Int32)
  /// The terminal changed size (`SIGWINCH`).
  case resize(TerminalSize)
}

/// The input of a session: lines from a file descriptor or a script, and the signals that end
/// the app, in one stream.
public enum TerminalInput {
  /// `text` as the commands of a script: one per line (LF or CRLF), lines whose first
  /// non-blank character is `#` left out.
  public static func scriptCommands(_ text: String) -> [String] {
    // The newline ending the last line does not start another one.
    // (In Swift, CR LF is one character, not a "\n" after a "\r".)
    let isLineEnd = { (character: Character) in character == "\n" || character == "\r\n" }
    let text = text.last.map(isLineEnd) == true ? String(text.dropLast()) : text
    guard !text.isEmpty else { return [] }
    return text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd)
      .map { line in line.hasSuffix("\r") ? String(line.dropLast()) : String(line) }
      .filter { !$0.trimmingSpaces.hasPrefix("#") }
  }

  /// Reads the script at `path` (any readable file, a pipe like `/dev/stdin` or `<(…)` too);
  /// bytes that are not UTF-8 become `�`.
  public static func readScript(at path: String) throws -> [String] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw ScriptError(path: path)
    }
    defer { try? handle.close() }
    guard let data = try handle.readToEnd() else { return [] }
    return scriptCommands(String(decoding: data, as: UTF8.self))
  }

  /// Why a script could not be read.
  public struct ScriptError: Error, CustomStringConvertible {
    /// The path given.
    public let path: String
    /// What to do.
    public var description: String {
      "Cannot read the script \(TerminalText.sanitized(path)): check that the file exists and can be read."
    }
  }

  /// The lines of standard input (read on a thread of their own, so that the main actor stays
  /// free for the app and the signals), then `.end`, with `signals` arriving as `.signal`.
  /// The signals' default action (ending the process at once) is turned off.
  public static func standardInput(signals: [Int32]) -> AsyncStream<TerminalEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    Thread.detachNewThread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(.line(line.hasSuffix("\r") ? String(line.dropLast()) : line))
      }
      continuation.yield(.end)
    }
    watch(signals, continuation)
    watchSize(of: STDOUT_FILENO, continuation)
    return stream
  }

  /// `commands`, then `.end`, with `signals` arriving as `.signal`.
  public static func script(_ commands: [String], signals: [Int32]) -> AsyncStream<TerminalEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for command in commands { continuation.yield(.line(command)) }
    continuation.yield(.end)
    watch(signals, continuation)
    return stream
  }

  private nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []

  /// Sends `.resize` with the terminal's size each time it changes (`SIGWINCH`).
  private static func watchSize(
    of fileDescriptor: Int32, _ continuation: AsyncStream<TerminalEvent>.Continuation
  ) {
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    source.setEventHandler { continuation.yield(.resize(TerminalSize.current(of: fileDescriptor))) }
    source.resume()
    sources.append(source)
  }

  private static func watch(_ signals: [Int32], _ continuation: AsyncStream<TerminalEvent>.Continuation) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(.signal(number)) }
      source.resume()
      sources.append(source)
    }
  }
}

/// Runs the app on a terminal or as a transcript, reading ``TerminalEvent``s and writing to a
/// ``TerminalOutput``. Every text that did not come from the app itself is sanitized
/// (``TerminalText``). When the session ends — `q`, the end of the input, a signal, an output
/// that cannot be written — the unsaved work is kept (see
/// ``DiaryApplication/keepUnsavedWork()``) and said.
@MainActor
public enum TerminalSession {
  /// The exit code when the output could not be written (`EX_IOERR`).
  public static let outputFailedCode: Int32 = 74

  /// A plain transcript: each command echoed, then the frame once the app is idle. Returns the
  /// exit code: 0 after `q` or the end of the input, 128 + the signal's number after a signal,
  /// ``outputFailedCode`` if the output failed.
  ///
  /// With `recording`, a checkpoint is recorded and the journal written after the launch and
  /// after each command, once the app is idle. With `restoration`, the last session's navigation
  /// is restored after the launch and after each command, as far as it goes (see
  /// ``SessionRestoration``), before the checkpoint.
  public static func runTranscript(
    _ app: DiaryApplication, events: AsyncStream<TerminalEvent>, output: TerminalOutput,
    errors: TerminalOutput = .standardError, recording: SessionRecording? = nil,
    restoration: SessionRestoration? = nil
  ) async -> Int32 {
    var recording = recording
    defer { save(&recording, errors: errors) }
    do {
      try output.write("diary: database \(TerminalText.sanitized(app.databaseLocation))\n")
      app.start()
      let first = app.frame()
      try output.write(first + "\n")
      await app.settle()
      await restoration?.goOn()
      checkpoint(&recording, errors: errors)
      // The launch screen moves on by itself: show where it went.
      if app.frame() != first { try output.write("\n" + app.frame() + "\n") }
      var code: Int32 = 0
      loop: for await event in events {
        switch event {
        case .line(let line):
          try output.write("\n> \(TerminalText.sanitized(line))\n")
          app.handle(line)
          await app.settle()
          await restoration?.goOn()
          checkpoint(&recording, errors: errors)
          if app.isFinished { break loop }
          try output.write(app.frame() + "\n")
        case .resize:
          continue
        case .end:
          break loop
        case .signal(let number):
          code = 128 + number
          try output.write("\ndiary: \(signalName(number)) received, leaving.\n")
          break loop
        }
      }
      for message in app.keepUnsavedWork() { try output.write("diary: \(TerminalText.sanitized(message))\n") }
      try output.write("diary: bye\n")
      return code
    } catch {
      return outputFailed(app, error, errors: errors)
    }
  }

  /// A live terminal of the app's ``DiaryApplication/size``: redraws in place on every change,
  /// laid out again when the terminal is resized (`.resize`).
  ///
  /// With `recording`, a checkpoint is recorded and the journal written after each command, as
  /// soon as the command is handled (the app does not wait for the work it started: what it
  /// delivers later is recorded, and written with the next command or at the end). With
  /// `restoration`, the last session's navigation is restored once the launch screen moved on,
  /// and after each command, as far as it goes (see ``SessionRestoration``): until it has ended,
  /// the app finishes what a command started before it reads the next one.
  public static func runLive(
    _ app: DiaryApplication, events: AsyncStream<TerminalEvent>, output: TerminalOutput, trace: TraceBuffer,
    errors: TerminalOutput = .standardError, recording: SessionRecording? = nil,
    restoration: SessionRestoration? = nil
  ) async -> Int32 {
    var recording = recording
    defer { save(&recording, errors: errors) }
    var scheduled = false
    var isOver = false
    var terminal = app.size
    func draw() {
      scheduled = false
      app.trace.flush()
      // A redraw scheduled before the end must not cover the last words.
      guard !isOver else { return }
      // The frame leaves a row for the prompt, and for the trace what the smallest frame spares.
      let traced =
        terminal.rows.map { min(trace.lines.count, max(0, $0 - 1 - (TerminalSize.minimum.rows ?? 12))) }
        ?? trace.lines.count
      app.size = TerminalSize(columns: terminal.columns, rows: terminal.rows.map { max(1, $0 - 1 - traced) })
      var text = "\u{1B}[H\u{1B}[2J" + app.frame(usesColor: true) + "\n"
      if traced > 0 {
        let lines = trace.lines.suffix(traced).map {
          TerminalText.truncated(TerminalText.sanitized($0), toColumns: terminal.columns)
        }
        text += "\u{1B}[2m" + lines.joined(separator: "\n") + "\u{1B}[0m\n"
      }
      output.writeIfPossible(text + "> ")
    }
    let redraw = app.onChange {
      guard !scheduled else { return }
      scheduled = true
      Task { @MainActor in draw() }
    }
    defer { redraw.dispose() }
    app.start()
    draw()
    func restore() async {
      guard let restoration, !restoration.restoration.status.hasEnded else { return }
      await app.settle()
      await restoration.goOn()
    }
    await restore()
    var code: Int32 = 0
    var farewell = "bye"
    loop: for await event in events {
      if output.failure != nil { break }
      switch event {
      case .line(let line):
        app.handle(line)
        if !app.isFinished { await restore() }
        checkpoint(&recording, errors: errors)
        if app.isFinished { break loop }
        draw()
      case .resize(let size):
        terminal = size
        draw()
      case .end:
        break loop
      case .signal(let number):
        code = 128 + number
        farewell = "\(signalName(number)) received, leaving"
        break loop
      }
    }
    isOver = true
    if let failure = output.failure { return outputFailed(app, failure, errors: errors) }
    var text = "\u{1B}[H\u{1B}[2J"
    for message in app.keepUnsavedWork() { text += "diary: \(TerminalText.sanitized(message))\n" }
    text +=
      app.keepsNothing
      ? "diary: \(farewell) (nothing was kept: --in-memory keeps the diary in memory only)\n"
      : "diary: \(farewell) (your diary is in \(TerminalText.sanitized(app.databaseLocation)))\n"
    output.writeIfPossible(text)
    return code
  }

  /// Keeps the unsaved work, says on standard error that the output failed, and returns
  /// ``outputFailedCode``.
  private static func outputFailed(_ app: DiaryApplication, _ error: any Error, errors: TerminalOutput)
    -> Int32
  {
    var text = "diary: \(error); leaving.\n"
    for message in app.keepUnsavedWork() { text += "diary: \(TerminalText.sanitized(message))\n" }
    errors.writeIfPossible(text)
    return outputFailedCode
  }

  /// Records a checkpoint and writes the journal; if it cannot be written, says why on `errors`
  /// and stops recording (the session goes on).
  private static func checkpoint(_ recording: inout SessionRecording?, errors: TerminalOutput) {
    do {
      try recording?.checkpoint()
    } catch {
      stopRecording(&recording, error, errors: errors)
    }
  }

  /// Writes the rest of the journal and its end line, at the end of the session.
  private static func save(_ recording: inout SessionRecording?, errors: TerminalOutput) {
    do {
      try recording?.finish()
    } catch {
      stopRecording(&recording, error, errors: errors)
    }
  }

  private static func stopRecording(
    _ recording: inout SessionRecording?, _ error: JournalWriteError, errors: TerminalOutput
  ) {
    errors.writeIfPossible("diary: \(TerminalText.sanitized(error.description)) Recording stopped.\n")
    recording = nil
  }

  static func signalName(_ number: Int32) -> String {
    switch number {
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    case SIGINT: return "SIGINT (Ctrl-C)"
    default: return "signal \(number)"
    }
  }
}

/// The last lines of `--trace`, shown under a live frame.
@MainActor
public final class TraceBuffer {
  /// The lines kept, oldest first.
  public private(set) var lines: [String] = []

  /// Creates an empty buffer.
  public init() {}

  /// Adds `line`, keeping the last eight.
  public func append(_ line: String) {
    lines.append(line)
    if lines.count > 8 { lines.removeFirst(lines.count - 8) }
  }
}
