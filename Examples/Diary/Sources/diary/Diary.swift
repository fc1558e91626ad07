import ArgumentParser
import DiaryApp
import Foundation
import ReactorFlow

/// `swift run diary`: the ReactorFlow demo app in a terminal; `swift run diary explore`: every
/// path of its navigation, checked, and its map.
@main
struct Diary: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The ReactorFlow demo: a diary app whose screens are ReactorFlow reactors and flows.",
    discussion: """
      Type a key and press Enter (keys with <text> take it after a space: t Lunch with Mina). \
      In a terminal the screen redraws in place; otherwise (or with --script) a plain transcript \
      is printed. The demo account is demo@reactorflow.dev / reactor123; the demo PIN is 1234.
      """,
    subcommands: [Run.self, ReplayCommand.self, Explore.self], defaultSubcommand: Run.self)
}

/// Runs the app (the default subcommand: `swift run diary` is `swift run diary run`).
struct Run: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run the diary (the default).")

  @Option(name: .long, help: "The SQLite file of the diary (default: under the user's data folder).")
  var database: String?

  @Flag(name: .long, help: "Keep the diary in memory only (nothing is saved).")
  var inMemory = false

  @Flag(
    name: .long,
    help: "Print every step, action, mutation, will/did-navigate and diagnostic, as the journal records them."
  )
  var trace = false

  @Option(
    name: .long, help: "Read the commands from FILE (one per line, # for comments) and print a transcript.")
  var script: String?

  @Option(name: .long, help: "Milliseconds the launch screen and each sign-in call take.")
  var latency: Int?

  @Option(
    name: .long,
    help: "Record the session into FILE, a journal (JSON Lines) that `diary replay FILE` replays.")
  var record: String?

  @Option(
    name: .long,
    help: """
      Come back to where the session recorded in FILE left (after signing in again, and typing the \
      PIN again for the private notes), and record this session into FILE (or into --record's).
      """)
  var restore: String?

  func validate() throws {
    if inMemory && database != nil {
      throw ValidationError("Use either --database PATH or --in-memory, not both.")
    }
    if let latency, latency < 0 || latency > 60_000 {
      throw ValidationError("--latency takes milliseconds from 0 to 60000.")
    }
  }

  func run() async throws {
    // A closed pipe makes a write fail (and the app leave cleanly) instead of killing it.
    signal(SIGPIPE, SIG_IGN)
    var commands: [String]?
    if let script {
      do {
        commands = try TerminalInput.readScript(at: script)
      } catch {
        throw ValidationError("\(error)")
      }
    }
    let storage: DiaryApplication.Storage =
      inMemory ? .inMemory : database.map { .file($0) } ?? .defaultLocation
    let code = await Terminal.run(
      storage: storage, trace: trace, commands: commands, latency: latency, record: record ?? restore,
      restore: restore)
    if code != 0 { throw ExitCode(code) }
  }
}

/// Runs the app: live in a terminal, or as a transcript.
@MainActor
enum Terminal {
  /// The signals that end the app cleanly (the draft kept, the terminal restored).
  static let endingSignals = [SIGTERM, SIGHUP, SIGINT]

  static func run(
    storage: DiaryApplication.Storage, trace: Bool, commands: [String]?, latency: Int?, record: String?,
    restore: String?
  ) async -> Int32 {
    let live = commands == nil && isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
    let traceLines = TraceBuffer()
    let app: DiaryApplication
    do {
      let delay = latency.map { Duration.milliseconds($0) }
      app = try DiaryApplication(
        storage: storage, networkLatency: delay ?? .milliseconds(400),
        launchDelay: delay ?? .milliseconds(700))
    } catch {
      TerminalOutput.standardError.writeIfPossible("error: \(TerminalText.sanitized("\(error)"))\n")
      return 1
    }
    if live { app.size = TerminalSize.current(of: STDOUT_FILENO) }
    let output = TerminalOutput.standardOutput
    if trace {
      if live {
        app.trace.sink = { line in traceLines.append(line) }
      } else {
        app.trace.sink = { line in output.writeIfPossible("  · \(line)\n") }
      }
    }
    let events =
      commands.map { TerminalInput.script($0, signals: endingSignals) }
      ?? TerminalInput.standardInput(signals: endingSignals)
    // Recording starts before the restoration, which sees what the app does by itself through it;
    // the journal is first written after the launch, so the last session is read before it,
    // even from the same file.
    let recording = record.map { SessionRecording(app: app, to: URL(fileURLWithPath: $0)) }
    var restoration: SessionRestoration?
    if let restore {
      do {
        restoration = try SessionRestoration.reading(contentsOf: URL(fileURLWithPath: restore), into: app)
        if let notice = restoration?.notice {
          TerminalOutput.standardError.writeIfPossible("diary: \(notice)\n")
        }
        if record == restore { recording?.restoring = restoration }
      } catch {
        TerminalOutput.standardError.writeIfPossible("diary: \(TerminalText.sanitized(error.description))\n")
      }
    }
    return live
      ? await TerminalSession.runLive(
        app, events: events, output: output, trace: traceLines, recording: recording, restoration: restoration
      )
      : await TerminalSession.runTranscript(
        app, events: events, output: output, recording: recording, restoration: restoration)
  }
}

/// `swift run diary replay FILE`: replays a session recorded with `--record FILE`.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a session recorded with `diary run --record FILE`, and check it.",
    discussion: """
      Starts the app afresh (in memory), feeds it the recorded inputs in order, and gives each \
      effect what it delivered when recorded: nothing calls the network or the database. After \
      each input, the screens and the reactors' states are compared with the recorded ones. \
      Prints the final screen; exits with 1 at the first difference (said on standard error), \
      with 65 if the file is not a journal of the diary that can be read. A journal whose \
      recording was stopped (the diary killed) is replayed up to its last whole entry, and said \
      so. A large file says how far the replay is on standard error.
      """)

  @Argument(help: "The journal file, as `diary run --record FILE` wrote it.")
  var file: String

  @Option(
    name: .long,
    help: "Write a page to open in a browser: the session, the first difference marked on its timeline.")
  var report: String?

  func run() async throws {
    // A large file says how far the replay is on standard error, as it goes.
    let report = await DiaryReplay.replay(
      contentsOf: URL(fileURLWithPath: file),
      progress: { line in FileHandle.standardError.write(Data(line.utf8)) },
      report: self.report.map { URL(fileURLWithPath: $0) })
    FileHandle.standardOutput.write(Data(report.output.utf8))
    FileHandle.standardError.write(Data(report.errors.utf8))
    if report.code != 0 { throw ExitCode(report.code) }
  }
}
