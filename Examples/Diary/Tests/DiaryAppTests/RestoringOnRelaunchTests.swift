import Clocks
import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The diary relaunched on the file of a recorded session, its navigation restored: the user
/// signs in again and types the PIN again where the session did.
@MainActor
final class RelaunchedDiary {
  let app: DiaryApplication
  let journal: Journal
  let restoration: SessionRestoration
  /// The gates the user passed, in order (`loginIsRequired`, `localAuthIsRequired(…)`).
  private(set) var gatesPassed: [String] = []

  init(_ journal: Journal, storage: DiaryApplication.Storage) throws {
    self.journal = journal
    app = try DiaryApplication(storage: storage, networkLatency: .zero, launchDelay: .zero)
    // The relaunched session records, as `diary run --restore` does: restoration matches what
    // the app does by itself through it.
    app.record(into: JournalRecorder())
    restoration = SessionRestoration(journal, into: app)
    app.start()
  }

  /// Restores, passing each gate the recorded session passed (signing in with the demo account,
  /// typing the demo PIN), and stopping at the first it did not: where restoration ended.
  func restore() async -> NavigationRestoration.Status {
    await app.settle()
    await restoration.goOn()
    while case .atGate(let index, let gate) = restoration.restoration.status,
      sessionPassed(gate, after: index)
    {
      let commands =
        gate.hasPrefix("localAuthIsRequired")
        ? ["p \(PINReactor.demoPIN)"] : ["e demo@reactorflow.dev", "p reactor123", "s"]
      for command in commands {
        app.handle(command)
        await app.settle()
      }
      gatesPassed.append(gate)
      let before = restoration.restoration.status
      await restoration.goOn()
      // Passing the gate must move restoration on: no loop on a gate it cannot pass.
      if restoration.restoration.status == before { break }
    }
    return restoration.restoration.status
  }

  /// Whether the recorded session passed the gate reached at entry `index`: it recorded the
  /// gate's way through (signed in, PIN accepted) before any other gate.
  func sessionPassed(_ gate: String, after index: Int) -> Bool {
    let passing = gate.hasPrefix("localAuthIsRequired") ? "localAuthIsComplete" : "userIsLoggedIn"
    for entry in journal.entries[(index + 1)...] where entry.event.kind == .step {
      let step = entry.event.payload?.description ?? ""
      if step.hasPrefix(passing) { return true }
      if step.hasPrefix("loginIsRequired") || step.hasPrefix("localAuthIsRequired") { return false }
    }
    return false
  }

  var structure: String { Exploration.structure(of: app.window) }
  var topScreen: Screen? { app.window.topScreen }
}

/// A fresh diary file for each recorded session, removed afterwards.
@MainActor
final class DiaryFiles {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restoring-\(UUID().uuidString)")
  private var count = 0
  /// The file of the session being recorded.
  private(set) var current = ""

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

  /// A new file, now ``current``.
  func next() -> String {
    count += 1
    current = folder.appendingPathComponent("diary-\(count).sqlite").path
    return current
  }

  func removeAll() { try? FileManager.default.removeItem(at: folder) }
}

@MainActor
@Suite(
  "Demo: a relaunched app comes back to where the user left, after signing in and typing the PIN again",
  .checksLeaks)
struct RestoringOnRelaunchTests {
  @Test(
    "every explored state — each tab, stack depth and modal — is restored on relaunch, stopping at each gate the session did not pass"
  )
  func everyState() async throws {
    var explorer = DiaryExploration.make()
    explorer.progress = .never
    let result = await explorer.run()
    #expect(result.isComplete)
    let files = try DiaryFiles()
    defer { files.removeAll() }
    let recording = DiaryExploration.journaled(storage: { .file(files.current) })
    var restored = 0
    var stoppedAtGate = 0
    var gatesPassed: [String: Int] = [:]
    var coverage = RestoredCoverage()
    var gatesStoppedAt: [String: Int] = [:]
    for state in result.states where !state.path.isEmpty {
      let path = files.next()
      let journal = await recording.record(state.path)
      let file = try DiaryJournal.reader.read(try journal.jsonLines(header: DiaryJournal.header))
      let relaunched = try RelaunchedDiary(file.journal, storage: .file(path))
      let status = await relaunched.restore()
      for gate in relaunched.gatesPassed {
        gatesPassed[gate.hasPrefix("localAuth") ? "PIN" : "sign-in", default: 0] += 1
      }
      switch status {
      case .finished:
        #expect(
          relaunched.structure == state.tree,
          "state \(state.id) (\(state.label)): restored to\n\(relaunched.structure)\nnot\n\(state.tree)")
        if relaunched.structure == state.tree {
          restored += 1
          coverage.add(state.tree)
        }
      case .atGate(_, let gate):
        // The session stopped at this gate: the relaunched app shows it, and nothing behind it.
        let top = relaunched.topScreen
        #expect(
          gate.hasPrefix("localAuthIsRequired") ? top is PINScreen : top is SignInScreen,
          "state \(state.id) (\(state.label)): stopped at \(gate) under \(String(describing: top))")
        stoppedAtGate += 1
        gatesStoppedAt[gate.hasPrefix("localAuth") ? "PIN" : "sign-in", default: 0] += 1
      case .failed(let divergence):
        Issue.record("state \(state.id) (\(state.label)): \(divergence)")
      case .ready, .cancelled:
        Issue.record("state \(state.id) (\(state.label)): restoration left \(status)")
      }
    }
    let states = result.states.count - 1
    #expect(restored + stoppedAtGate == states)
    #expect(gatesPassed["sign-in", default: 0] > 0 && gatesPassed["PIN", default: 0] > 0)
    #expect(gatesStoppedAt["sign-in", default: 0] > 0 && gatesStoppedAt["PIN", default: 0] > 0)
    // What was restored spans every tab, each tab's deepest stack and every modal the explorer
    // reached, but the gates' own.
    var explored = RestoredCoverage()
    for state in result.states { explored.add(state.tree) }
    #expect(coverage.tabs == explored.tabs && coverage.tabs.count == 3)
    #expect(coverage.deepest == explored.deepest)
    let gateModals = explored.modals.subtracting(coverage.modals)
    #expect(gateModals.allSatisfy { $0.contains("\"Sign in\"") || $0.contains("\"PIN\"") }, "\(gateModals)")
    #expect(!coverage.modals.isEmpty)
    print(
      "restoration: \(states) states after launch: \(restored) restored, \(stoppedAtGate) stopped at a gate the session did not pass \(gatesStoppedAt); gates passed again \(gatesPassed); tabs \(coverage.tabs.sorted()), deepest stacks \(coverage.deepest), modals \(coverage.modals.sorted())"
    )
  }
}

extension RestoringOnRelaunchTests {
  static let signIn = ["e demo@reactorflow.dev", "p reactor123", "s"]

  /// Runs a transcript of `commands` on the diary file `database`, recording into `journal`
  /// (restoring from it first when `restoring`): the transcript.
  static func session(
    _ commands: [String], database: String, journal: URL, restoring: Bool
  ) async throws -> String {
    let app = try DiaryApplication(
      storage: .file(database), clock: ImmediateClock(), networkLatency: .zero, launchDelay: .zero)
    let output = try CapturedOutput()
    let recording = SessionRecording(app: app, to: journal)
    let restoration = restoring ? try SessionRestoration.reading(contentsOf: journal, into: app) : nil
    // As `diary run --restore FILE` records into FILE.
    recording.restoring = restoration
    let code = await TerminalSession.runTranscript(
      app, events: TerminalInput.script(commands, signals: []), output: output.output, recording: recording,
      restoration: restoration)
    #expect(code == 0)
    return try output.text()
  }

  @Test(
    "the private notes ask for the PIN again: restoration stops at sign-in, then at the PIN, then shows them")
  func privateNotesAskForThePINAgain() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await Self.session(
      Self.signIn + [">", ">", "l", "p 1234"], database: database, journal: journal, restoring: false)

    let file = try DiaryJournal.reader.read(contentsOf: journal)
    let relaunched = try RelaunchedDiary(file.journal, storage: .file(database))
    await relaunched.app.settle()
    await relaunched.restoration.goOn()
    guard case .atGate(_, let first) = relaunched.restoration.restoration.status else {
      Issue.record("expected the sign-in gate, got \(relaunched.restoration.restoration.status)")
      return
    }
    #expect(first == "loginIsRequired")
    #expect(relaunched.topScreen is SignInScreen)
    #expect(relaunched.app.frame().contains("Sign in again to come back to where you left."))

    for command in Self.signIn {
      relaunched.app.handle(command)
      await relaunched.app.settle()
    }
    await relaunched.restoration.goOn()
    guard case .atGate(_, let second) = relaunched.restoration.restoration.status else {
      Issue.record("expected the PIN gate, got \(relaunched.restoration.restoration.status)")
      return
    }
    #expect(second.hasPrefix("localAuthIsRequired"))
    #expect(relaunched.topScreen is PINScreen)
    #expect(!relaunched.app.window.render().contains("Private notes\" *"))
    #expect(relaunched.app.frame().contains("Type your PIN again to come back to where you left."))

    // A wrong PIN does not pass the gate: nothing is restored behind it.
    relaunched.app.handle("p 0000")
    await relaunched.app.settle()
    await relaunched.restoration.goOn()
    if case .atGate = relaunched.restoration.restoration.status {
    } else {
      Issue.record("a wrong PIN passed the gate: \(relaunched.restoration.restoration.status)")
    }
    #expect(relaunched.topScreen is PINScreen)

    relaunched.app.handle("p \(PINReactor.demoPIN)")
    await relaunched.app.settle()
    await relaunched.restoration.goOn()
    #expect(relaunched.restoration.restoration.status == .finished)
    #expect(relaunched.topScreen is PrivateNotesScreen)
    #expect(relaunched.app.frame().contains("You are back where you left."))
  }

  @Test("relaunched twice with --restore: each session comes back where the last one left, and replays")
  func relaunchedTwice() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await Self.session(
      Self.signIn + [">", "1"], database: database, journal: journal, restoring: false)
    for _ in 0..<2 {
      let transcript = try await Self.session(
        Self.signIn, database: database, journal: journal, restoring: true)
      #expect(transcript.contains("Sign in again to come back to where you left."))
      let last = try #require(transcript.components(separatedBy: "> s\n").last)
      #expect(last.contains("Path: Wishlist › Spirited Away"), "\(last)")
      #expect(last.contains("You are back where you left."))
    }
    // The session that was restored is a journal like any other: it replays.
    let report = await DiaryReplay.replay(contentsOf: journal)
    #expect(report.code == 0, "\(report.errors)")
  }

  @Test("a session that signed out and in again comes back to where it ended, not to the sign-out")
  func signedOutThenIn() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await Self.session(
      Self.signIn + [">", ">", "o"] + Self.signIn + [">", "1"], database: database, journal: journal,
      restoring: false)
    let transcript = try await Self.session(
      Self.signIn, database: database, journal: journal, restoring: true)
    let last = try #require(transcript.components(separatedBy: "> s\n").last)
    #expect(last.contains("Path: Wishlist › Spirited Away"), "\(last)")
    #expect(last.contains("You are back where you left."))
  }

  @Test("a session that ended signed out: once signed in again, nothing signs the user out")
  func endedSignedOut() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await Self.session(
      Self.signIn + [">", "1", ">", "o"], database: database, journal: journal, restoring: false)
    let transcript = try await Self.session(
      Self.signIn, database: database, journal: journal, restoring: true)
    let last = try #require(transcript.components(separatedBy: "> s\n").last)
    #expect(last.contains("Path: Diary\n"), "\(last)")
    #expect(!last.contains("Path: Sign in"))
  }

  @Test("no journal yet: the app starts as on a first launch; a damaged one: it says why and starts afresh")
  func missingOrDamagedJournal() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let app = try DiaryApplication(storage: .inMemory, networkLatency: .zero, launchDelay: .zero)
    #expect(try SessionRestoration.reading(contentsOf: journal, into: app) == nil)
    try Data("{\"not\": \"a journal\"}\n".utf8).write(to: journal)
    do {
      _ = try SessionRestoration.reading(contentsOf: journal, into: app)
      Issue.record("a damaged journal was read")
    } catch {
      #expect(error.description.contains("cannot come back to where"))
      #expect(error.description.contains("Starting afresh."))
      #expect(error.description.contains("Line 1 of the journal"), "\(error.description)")
    }
  }
}

/// What the restored states span: the tab selected, each tab's deepest stack, the modals shown.
struct RestoredCoverage {
  private(set) var tabs: Set<String> = []
  private(set) var deepest: [String: Int] = [:]
  private(set) var modals: Set<String> = []

  /// Adds a rendered tree (``Exploration/structure(of:)``).
  mutating func add(_ tree: String) {
    let lines = tree.split(separator: "\n").map(String.init)
    for (number, line) in lines.enumerated() {
      let text = line.drop { $0 == " " }
      let indent = line.count - text.count
      if text.hasPrefix("tabs "), let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") {
        tabs.insert(String(text[text.index(after: open)..<close]))
      }
      if let modal = text.range(of: "modal(") {
        modals.insert(String(text[modal.lowerBound...]).replacingOccurrences(of: " *", with: ""))
      }
      // A tab's stack: the screens right under it.
      if text.hasPrefix("navigation "), indent == 4 {
        let name = text.replacingOccurrences(of: " *", with: "")
        let depth = lines[(number + 1)...].prefix { $0.count - $0.drop { $0 == " " }.count > indent }
          .filter { $0.count - $0.drop { $0 == " " }.count == indent + 2 && $0.contains("screen ") }.count
        deepest[name] = max(deepest[name] ?? 0, depth)
      }
    }
  }
}
