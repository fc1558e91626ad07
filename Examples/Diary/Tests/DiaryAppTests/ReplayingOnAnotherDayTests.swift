import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// A new entry is dated today: a session recorded one day replays the same on another, and in
/// another time zone, its date the recorded one.
@MainActor
@Suite("Demo: a session recorded on one day replays the same on another, in another time zone", .checksLeaks)
struct ReplayingOnAnotherDayTests {
  /// 2025-11-20 at noon UTC: the same calendar day in every time zone within 12 hours of it.
  nonisolated static let recordedOn = Date(timeIntervalSince1970: 1_763_640_000)
  static let path: [ExplorationInput] = [
    .action("Wait"), .action("Sign in (demo account)"), .action("New entry"),
    .action("Write a title and save"),
  ]

  /// A session recorded on ``recordedOn``, read back from its file, and the trees of its
  /// checkpoints.
  static func recorded() async throws -> (file: JournalFile, trees: [String]) {
    let recording = DiaryExploration.journaled(now: { Self.recordedOn })
    let journal = await recording.record(Self.path)
    let file = try DiaryJournal.reader.read(try journal.jsonLines(header: DiaryJournal.header))
    let trees = file.journal.entries.compactMap { entry -> String? in
      if case .renderedTree(let tree) = entry.event { return tree }
      return nil
    }
    return (file, trees)
  }

  @Test(
    "a new entry written one day, replayed a day and a week later: dated the day it was written, every checkpoint the same",
    arguments: [1, 7])
  func newEntryReplayedLater(days: Int) async throws {
    let day = DiaryDate.today(Self.recordedOn)
    let (file, trees) = try await Self.recorded()
    #expect(trees.count == Self.path.count + 1)
    // The edit screen and the saved entry show the day it was written.
    #expect(trees[3].contains("Date:  \(day)"), "\(trees[3])")
    #expect(trees[4].contains("\(day)"), "\(trees[4])")

    let later = Self.recordedOn.addingTimeInterval(Double(days) * 86_400)
    #expect(DiaryDate.today(later) != day)
    let replaying = DiaryExploration.journaled(replaysEffects: true, now: { later })
    let replay = await replaying.replay(file.journal, steps: [AppStep.self])
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == trees.last)
  }

  /// The time zones farthest apart: UTC+14 and UTC-10 (in November). At ``recordedOn`` it is
  /// already the next day in the first, still the same day in the second.
  nonisolated static let timeZones = ["Pacific/Kiritimati", "America/Adak"]

  @Test(
    "a new entry written in one time zone, replayed by diary replay in another (TZ): every checkpoint the same",
    arguments: timeZones)
  func newEntryReplayedInAnotherTimeZone(timeZone: String) async throws {
    let day = DiaryDate.today(Self.recordedOn)
    let (file, trees) = try await Self.recorded()
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    try file.journal.write(to: url, header: DiaryJournal.header)
    // The built `diary`, in a process of its own: its time zone is TZ's, its clock the real one.
    let replay = try await DiaryProcess.run(["replay", url.path], environment: ["TZ": timeZone])
    #expect(replay.status == 0, "TZ=\(timeZone): \(replay.errors)")
    #expect(replay.output.contains("every checkpoint the same"), "\(replay.output)")
    #expect(replay.output.contains("\(day)"), "\(replay.output)")
    #expect(trees.last?.contains("\(day)") == true)
  }

  @Test("a new entry is dated the day the app says it is")
  func newEntryIsDatedToday() async throws {
    let exploration = DiaryExploration.journaled(now: { Self.recordedOn })
    let journal = await exploration.record(Array(Self.path.prefix(3)))
    guard
      case .renderedTree(let tree)? = journal.entries.last(where: { $0.event.kind == .renderedTree })?.event
    else {
      Issue.record("no checkpoint")
      return
    }
    #expect(tree.contains("Date:  \(DiaryDate.today(Self.recordedOn))"), "\(tree)")
  }
}

/// The built `diary` executable, run in a process of its own.
enum DiaryProcess {
  /// What a run printed, and how it ended.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// `diary`, beside the tests' executable (`swift build --build-tests` builds both): in the
  /// folder of `DiaryPackageTests.xctest`, whether that is the executable (Linux) or a bundle.
  static var executable: URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    if let bundle = url.pathComponents.lastIndex(where: { $0.hasSuffix(".xctest") }) {
      for _ in bundle..<url.pathComponents.count { url.deleteLastPathComponent() }
    } else {
      url.deleteLastPathComponent()
    }
    return url.appendingPathComponent("diary")
  }

  /// Runs `diary` with `arguments`, its environment the tests' with `environment` over it; gives
  /// up after `timeout`.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(120)
  ) async throws -> Result {
    let executable = Self.executable
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("no diary at \(executable.path): build it first (swift build --build-tests)")
      return Result(status: -1, output: "", errors: "")
    }
    let folder = try TemporaryFolder()
    let outputPath = folder.path + "/output.txt"
    let errorsPath = folder.path + "/errors.txt"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    let ended = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in ended.continuation.finish() }
    try process.run()
    let pid = process.processIdentifier
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      kill(pid, SIGKILL)
    }
    for await _ in ended.stream {}
    watchdog.cancel()
    return Result(
      status: process.terminationStatus,
      output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
  }
}
