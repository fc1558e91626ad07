import Foundation
import GRDB
import ReactorFlowTesting
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: the diary tab (seed 001) on SQLite", .checksLeaks)
struct DiaryTranscriptTests {
  @Test("new entry → save → detail → edit → save → list, with each screen released when popped")
  func writeAndEdit() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      #expect(await session.type("n").contains("Path: Diary › New entry"))
      await session.type(["t First day", "d 2026-11-20", "x Wrote the demo.", "x Then tested it."])
      let detail = await session.type("s")
      #expect(
        detail == """
          ReactorFlow Diary
          Tabs: [Diary]  Wishlist   Profile 
          Path: Diary › First day
          ────────────────────────────────────────────────────────────────────────────────
          First day
          2026-11-20

          Wrote the demo.
          Then tested it.
          ────────────────────────────────────────────────────────────────────────────────
          Keys: e Edit · delete Delete
                b Back · < > Tabs · ? Help · q Quit
          """)
      // The new entry's edit screen was replaced by the entry, and released.
      #expect(leaks.alive.filter { $0.contains("DiaryEdit") }.isEmpty)
      #expect(await session.type("e").contains("Path: Diary › First day › Edit"))
      #expect(session.content.prefix(2) == ["Title: First day", "Date:  2026-11-20"])
      await session.type("t First day, edited")
      let edited = await session.type("s")
      #expect(edited.contains("Path: Diary › First day, edited\n"))
      #expect(session.content.first == "First day, edited")
      let list = await session.type("b")
      #expect(list.contains("1. 2026-11-20  First day, edited"))
      #expect(list.contains("Keys: 1 Open · n New entry"))
      #expect(leaks.alive.filter { $0.contains("DiaryDetail") || $0.contains("DiaryEdit") }.isEmpty)
      // Newest date first.
      await session.type(["n", "t Later day", "d 2026-11-21", "s", "b"])
      #expect(session.content.suffix(2) == ["1. 2026-11-21  Later day", "2. 2026-11-20  First day, edited"])
      #expect(await session.type("2").contains("Path: Diary › First day, edited"))
    }
  }

  @Test("an empty title, a malformed date and a wrong number are said on screen; the draft is kept")
  func badInput() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      #expect(
        await session.type("1").hasSuffix(
          "Unknown key \"1\". Type one of the keys listed above, or ? for help."))
      await session.type(["n", "x Some text"])
      #expect(await session.type("s").contains("! An entry needs a title: t My day"))
      #expect(await session.type("t    ").contains("\"t\" needs text after it: t <title>"))
      #expect(
        await session.type("d 22/11/2026").contains(
          "! \"22/11/2026\" is not a date. Write it as YYYY-MM-DD, for example 2026-11-22."))
      #expect(
        await session.type("d 2026-13-01").contains(
          "! \"2026-13-01\" has no such month. Months go from 01 to 12."))
      #expect(await session.type("d 2026-02-29").contains("! \"2026-02-29\" has no such day in that month."))
      await session.type("d 2024-02-29")
      #expect(session.content.contains("Date:  2024-02-29"))
      #expect(session.content.contains("   1  Some text"))
      await session.type(["t Leap day", "s", "b"])
      #expect(
        await session.type("7").hasSuffix(
          "Unknown key \"7\". Type one of the keys listed above, or ? for help."))
    }
  }

  @Test("entries persist in a SQLite file: a second app on the same file lists them")
  func persistence() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let first = try Session(leaks, storage: .file(path))
      await first.signIn()
      await first.type(["n", "t Saved entry", "d 2026-11-22", "x Kept on disk.", "s", "q"])
      #expect(first.app.isFinished)
    }
    try await expectNoLeaks { leaks in
      let second = try Session(leaks, storage: .file(path))
      let list = await second.signIn()
      #expect(list.contains("1. 2026-11-22  Saved entry"))
      #expect(await second.type("1").contains("Kept on disk."))
    }
  }

  @Test("a missing folder, a folder, and a corrupt file are refused at start with what to do")
  func databaseErrors() throws {
    let folder = try TemporaryFolder()
    #expect {
      _ = try DiaryApplication(storage: .file(folder.path + "/missing/diary.sqlite"))
    } throws: { error in
      "\(error)".contains(
        "the folder \(folder.path)/missing does not exist. Create it, or choose another --database path.")
    }
    #expect {
      _ = try DiaryApplication(storage: .file(folder.path))
    } throws: { error in
      "\(error)".contains("it is a folder. Pass a file path")
    }
    let corrupt = folder.path + "/corrupt.sqlite"
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: corrupt))
    #expect {
      _ = try DiaryApplication(storage: .file(corrupt))
    } throws: { error in
      "\(error)".contains("the file is not a diary database (it is damaged, or another kind of file)")
    }
    // The corrupt file was not touched.
    #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt)) == Data(repeating: 0x41, count: 4096))
  }

  @Test("a failed write keeps the draft on screen and says so")
  func failedWrite() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["n", "t Not yet saved"])
      // Another process locks the database for writing.
      let blocker = try DatabaseBlocker(path: path)
      let frame = await session.type("s")
      #expect(
        frame.contains("! Could not save: the diary file is locked by another program (another diary?)"))
      #expect(frame.contains("Your text is kept here; try s again."))
      // What happened and what to do, not SQL.
      #expect(!frame.contains("INSERT") && !frame.contains("SQLite error"))
      #expect(session.content.first == "Title: Not yet saved")
      blocker.release()
      #expect(await session.type("s").contains("Path: Diary › Not yet saved"))
    }
  }
}

/// A temporary folder, removed when released.
final class TemporaryFolder {
  let path: String
  init() throws {
    path = NSTemporaryDirectory() + "diary-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Another connection holding an exclusive lock on a database file, as another process could.
final class DatabaseBlocker {
  private let queue: DatabaseQueue
  init(path: String) throws {
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
  }
  func release() {
    try? queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
  }
}
