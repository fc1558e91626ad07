import ArgumentParser
import DiaryApp
import Foundation
import ReactorFlow

/// `swift run diary`: the ReactorFlow demo app in a terminal.
@main
struct Diary: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The ReactorFlow demo: a diary app whose screens are ReactorFlow reactors and flows.",
    discussion: """
      Type a key and press Enter (keys with <text> take it after a space: t Lunch with Mina). \
      In a terminal the screen redraws in place; otherwise (or with --script) a plain transcript \
      is printed. The demo account is demo@reactorflow.dev / reactor123; the demo PIN is 1234.
      """)

  @Option(name: .long, help: "The SQLite file of the diary (default: under the user's data folder).")
  var database: String?

  @Flag(name: .long, help: "Keep the diary in memory only (nothing is saved).")
  var inMemory = false

  @Flag(name: .long, help: "Print every action, mutation and will/did-navigate as it happens.")
  var trace = false

  @Option(
    name: .long, help: "Read the commands from FILE (one per line, # for comments) and print a transcript.")
  var script: String?

  @Option(name: .long, help: "Milliseconds the launch screen and each sign-in call take.")
  var latency: Int?

  func validate() throws {
    if inMemory && database != nil {
      throw ValidationError("Use either --database PATH or --in-memory, not both.")
    }
    if let latency, latency < 0 || latency > 60_000 {
      throw ValidationError("--latency takes milliseconds from 0 to 60000.")
    }
  }

  func run() async throws {
    var commands: [String]?
    if let script {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        throw ValidationError("Cannot read the script \(script): check that the file exists and is text.")
      }
      commands = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .filter { !$0.hasPrefix("#") }
    }
    let storage: DiaryApplication.Storage =
      inMemory ? .inMemory : database.map { .file($0) } ?? .defaultLocation
    let code = await Terminal.run(storage: storage, trace: trace, commands: commands, latency: latency)
    if code != 0 { throw ExitCode(code) }
  }
}

/// Runs the app: live in a terminal, or as a transcript.
@MainActor
enum Terminal {
  static func run(storage: DiaryApplication.Storage, trace: Bool, commands: [String]?, latency: Int?) async
    -> Int32
  {
    let live = commands == nil && isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
    let traceLines = TraceBuffer()
    let app: DiaryApplication
    do {
      let delay = latency.map { Duration.milliseconds($0) }
      app = try DiaryApplication(
        storage: storage, networkLatency: delay ?? .milliseconds(400),
        launchDelay: delay ?? .milliseconds(700))
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      return 1
    }
    if trace {
      if live {
        app.trace.sink = { line in traceLines.append(line) }
      } else {
        app.trace.sink = { line in write("  · \(line)\n") }
      }
    }
    return live ? await runLive(app, trace: traceLines) : await runTranscript(app, commands: commands)
  }

  /// A plain transcript: each frame once the app is idle, each command echoed before it.
  static func runTranscript(_ app: DiaryApplication, commands: [String]?) async -> Int32 {
    write("diary: database \(app.databaseLocation)\n")
    app.start()
    let first = app.frame()
    write(first + "\n")
    await app.settle()
    // The launch screen moves on by itself: show where it went.
    if app.frame() != first { write("\n" + app.frame() + "\n") }
    var input = commands.map { $0.makeIterator() }
    while !app.isFinished {
      let line: String?
      if input != nil { line = input!.next() } else { line = readLine() }
      guard let line else { break }
      write("\n> \(line)\n")
      app.handle(line)
      await app.settle()
      if app.isFinished { break }
      write(app.frame() + "\n")
    }
    write("diary: bye\n")
    return 0
  }

  /// A live terminal: redraws in place on every change, reads lines from a background thread.
  static func runLive(_ app: DiaryApplication, trace: TraceBuffer) async -> Int32 {
    var scheduled = false
    func draw() {
      scheduled = false
      var output = "\u{1B}[H\u{1B}[2J" + app.frame(usesColor: true) + "\n"
      if !trace.lines.isEmpty { output += "\u{1B}[2m" + trace.lines.joined(separator: "\n") + "\u{1B}[0m\n" }
      write(output + "> ")
    }
    let redraw = app.onChange {
      guard !scheduled else { return }
      scheduled = true
      Task { @MainActor in draw() }
    }
    app.start()
    draw()
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    Thread.detachNewThread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }
    for await line in lines {
      app.handle(line)
      if app.isFinished { break }
      draw()
    }
    redraw.dispose()
    write("\u{1B}[H\u{1B}[2J" + "diary: bye (your diary is in \(app.databaseLocation))\n")
    return 0
  }

  /// Writes to standard output at once (no buffering: a transcript is complete up to a crash).
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// The last lines of `--trace`, shown under a live frame.
@MainActor
final class TraceBuffer {
  private(set) var lines: [String] = []

  func append(_ line: String) {
    lines.append(line)
    if lines.count > 8 { lines.removeFirst(lines.count - 8) }
  }
}
