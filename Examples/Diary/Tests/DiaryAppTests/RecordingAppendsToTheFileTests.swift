import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// `diary run --record FILE` appends each new entry to the file: what is written stays written,
/// and a session killed at any point leaves a journal that replays up to its last whole entry.
@MainActor
@Suite("Demo: recording appends to the journal file", .checksLeaks)
struct RecordingAppendsToTheFileTests {
  @Test("after each command, the file so far is the start of the file after the next one")
  func appendsOnly() async throws {
    let leaks = LeakTracker()
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let session = try Session(leaks)
    let recording = SessionRecording(app: session.app, to: url)
    await session.start()
    try recording.checkpoint()
    var before = try Data(contentsOf: url)
    for command in ["e demo@reactorflow.dev", "p reactor123", "s", ">"] {
      await session.type(command)
      try recording.checkpoint()
      let after = try Data(contentsOf: url)
      #expect(after.count > before.count, "after \(command)")
      #expect(after.prefix(before.count) == before, "after \(command)")
      before = after
    }
    try recording.finish()
    let file = try DiaryJournal.reader.read(contentsOf: url)
    #expect(file.ending == .complete)
    _ = recording
  }

  @Test("killed at any line of its last command, or in the middle of one: replayed to its last checkpoint")
  func killedAnywhere() async throws {
    let folder = try TemporaryFolder()
    let url = try await ReplayCommandTests.record(
      ["e demo@reactorflow.dev", "p reactor123", "s"], in: folder)
    let data = try Data(contentsOf: url)
    #expect(try DiaryJournal.reader.read(data).ending == .complete)
    let breaks = data.indices.filter { data[$0] == 0x0A }
    // The app's last lines, each cut at its end and in its middle (a kill during the write).
    var cuts: [Int] = []
    for line in breaks.suffix(24).dropLast() {
      cuts.append(line + 1)
      cuts.append(line - 3)
    }
    for cut in cuts {
      let cutURL = URL(fileURLWithPath: folder.path + "/cut-\(cut).jsonl")
      try data.prefix(cut).write(to: cutURL)
      let report = await DiaryReplay.replay(contentsOf: cutURL)
      #expect(report.code == 0, "cut at byte \(cut): \(report.errors)")
      #expect(report.output.contains("every checkpoint the same"), "cut at byte \(cut)")
      #expect(report.errors.contains("stopped before its session ended"), "cut at byte \(cut)")
      let torn = data[cut - 1] != 0x0A
      #expect(report.errors.contains("in the middle of line") == torn, "cut at byte \(cut): \(report.errors)")
    }
  }

  @Test("--restore of a recording that was stopped says so, and of one that ended says nothing")
  func restoreSaysTheFileStopped() async throws {
    let folder = try TemporaryFolder()
    let url = try await ReplayCommandTests.record(["e demo@reactorflow.dev"], in: folder)
    let data = try Data(contentsOf: url)
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1))
    #expect(try SessionRestoration.reading(contentsOf: url, into: app)?.notice == nil)
    // Killed in the middle of its last line: the end line and half of the line before are gone.
    let lastBreak = try #require(data.dropLast().lastIndex(of: 0x0A))
    let cut = URL(fileURLWithPath: folder.path + "/cut.jsonl")
    try data.prefix(lastBreak - 3).write(to: cut)
    let notice = try #require(try SessionRestoration.reading(contentsOf: cut, into: app)?.notice)
    #expect(notice.contains("stopped before its session ended"))
    #expect(notice.contains("in the middle of line"))
  }
}
