import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The accent colour picked in the settings was forgotten at the next launch: it is kept in the
/// diary's file now.
@MainActor
@Suite("Demo: the accent colour is kept across launches", .checksLeaks)
struct AccentColourIsKeptTests {
  @Test("the accent colour is kept in the diary's file: a relaunch draws the tabs in it")
  func accentKeptAcrossLaunches() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["<", "s", "2", "3"])
      #expect(session.content == ["1. green", "2. blue", "3. magenta  ✓", "4. yellow"])
    }
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      let diary = await session.signIn()
      #expect(diary.contains("Accent: magenta"), "\(diary)")
      #expect(session.app.frame(usesColor: true).hasPrefix("\u{1B}[35m"))
      #expect(await session.type("<").contains("Accent: magenta"))
      await session.type(["s", "2"])
      #expect(session.content == ["1. green", "2. blue", "3. magenta  ✓", "4. yellow"])
    }
    // Another diary file, or none, starts green.
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      #expect(await session.signIn().contains("Accent: green"))
    }
  }

  @Test("a colour that cannot be kept is used now, and the settings say it will not be kept")
  func accentNotKept() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["<", "s", "2"])
      let blocker = try DatabaseBlocker(path: path)
      let picked = FrameChecks.words(await session.type("4"))
      blocker.release()
      #expect(session.content == ["1. green", "2. blue", "3. magenta", "4. yellow  ✓"])
      #expect(
        picked.contains(
          "! yellow is used now, but it could not be kept for the next launch: the diary file is locked"),
        "\(picked)")
    }
  }

  @Test(
    "a session launched with a kept colour replays: the replay, in memory, gets the colour from the journal")
  func replayWithAKeptAccent() async throws {
    let folder = try TemporaryFolder()
    let database = folder.path + "/diary.sqlite"
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    _ = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + ["<", "s", "2", "2"], database: database, journal: journal,
      restoring: false)
    let transcript = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + [">"], database: database, journal: journal, restoring: false)
    #expect(transcript.contains("Accent: blue"))
    let apps = LaunchedApps()
    let report = await DiaryReplay.replay(contentsOf: journal) { apps.apps.append($0) }
    #expect(report.code == 0, "\(report.errors)")
    #expect(report.output.contains("Accent: blue"), "\(report.output)")
    let calls = apps.takeCalls()
    #expect(calls.database == 0, "\(calls)")
  }
}
