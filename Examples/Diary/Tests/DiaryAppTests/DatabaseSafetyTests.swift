import Foundation
import GRDB
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// Database files and paths that used to lose entries without a word.
@MainActor
@Suite("Demo: the database refuses what would lose entries, and says what to do", .checksLeaks)
struct DatabaseSafetyTests {
  @Test(
    "an empty path, :memory: and file: URIs (which keep nothing) are refused",
    arguments: [
      "", "  ", ":memory:", "file:diary?mode=memory", "FILE:/tmp/x.sqlite?mode=memory&cache=shared",
    ])
  func pathsThatKeepNothing(path: String) throws {
    #expect {
      _ = try DiaryApplication(storage: .file(path))
    } throws: { error in
      let text = "\(error)"
      return text.contains("--in-memory to keep nothing on purpose") && text.contains("Pass a")
    }
  }

  @Test("a file damaged after its first page is refused at start (quick_check), and not written")
  func damagedFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try Self.diaryWithLongEntries(at: path)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.count > 4096 * 8)
    // Page 4 onwards: garbage, as a failing disk or a bad copy leaves it.
    bytes.replaceSubrange((4096 * 3)..<(4096 * 5), with: Data(repeating: 0x41, count: 4096 * 2))
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect {
      _ = try DiaryApplication(storage: .file(path))
    } throws: { error in
      let text = "\(error)"
      return text.contains("the file is damaged (SQLite's integrity check says:")
        && text.contains("Nothing was written to it.") && text.contains(".recover")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  @Test("a file damaged while the app runs: said until restart, and nothing more is written to it")
  func damagedWhileRunning() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      try Self.diaryWithLongEntries(at: path)
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      bytes.replaceSubrange((4096 * 3)..<(4096 * 5), with: Data(repeating: 0x41, count: 4096 * 2))
      // The file change counter (bytes 24–27 of the header) tells SQLite that its cache is stale,
      // as after any other program's write.
      bytes[27] &+= 1
      try bytes.write(to: URL(fileURLWithPath: path))
      await session.type(["1", "b"])
      let advice = "the file is damaged (SQLite's integrity check says:"
      #expect(session.content.contains { $0.hasPrefix("Could not read the diary: \(advice)") })
      #expect(FrameChecks.words(await session.type("?")).contains("Could not read the diary: \(advice)"))
      await session.type(["n", "t Not into a damaged file"])
      #expect(session.top == "New entry")
      let refused = FrameChecks.words(await session.type("s"))
      #expect(refused.contains("! Could not save: \(advice)"))
      #expect(refused.contains("Nothing more is written to it"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
  }

  @Test("damage the app has not read yet is found by the integrity check before a save, refused as at start")
  func damageFoundBeforeSave() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      try Self.diaryWithLongEntries(at: path)
      let session = try Session(leaks, storage: .file(path), integrityCheckInterval: .zero)
      await session.signIn()
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      bytes.replaceSubrange((4096 * 3)..<(4096 * 5), with: Data(repeating: 0x41, count: 4096 * 2))
      bytes[27] &+= 1
      try bytes.write(to: URL(fileURLWithPath: path))
      await session.type(["n", "t Not into a damaged file"])
      let refused = FrameChecks.words(await session.type("s"))
      #expect(session.top == "New entry")
      #expect(refused.contains("the file is damaged (SQLite's integrity check says:"))
      #expect(refused.contains("Nothing more is written to it"))
      #expect(refused.contains(".recover"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
  }

  /// A diary of 24 entries of 2 KB each (some 20 pages), written in one transaction.
  static func diaryWithLongEntries(at path: String) throws {
    _ = try DiaryDatabase.open(path: path)
    try DatabaseQueue(path: path).write { db in
      for number in 0..<24 {
        var entry = DiaryEntry(
          id: nil, title: "Entry \(number)", date: "2026-11-22",
          body: String(repeating: "Some text. ", count: 200))
        try entry.insert(db)
      }
    }
  }

  @Test("another program's SQLite database is refused and left as it was")
  func foreignDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/other.sqlite"
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE account (id INTEGER PRIMARY KEY, name TEXT)")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect {
      _ = try DiaryApplication(storage: .file(path))
    } throws: { error in
      "\(error)".contains("it is another program's SQLite database (it has no diary table)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("a database that cannot be written (here: SQLite cannot create its journal) is refused at start")
  func unwritableJournal() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    _ = try DiaryDatabase.open(path: path)
    // A folder where the rollback journal goes: every write fails, reads work.
    try FileManager.default.createDirectory(atPath: path + "-journal", withIntermediateDirectories: false)
    #expect {
      _ = try DiaryApplication(storage: .file(path))
    } throws: { error in
      "\(error)".contains("the file cannot be written")
    }
  }

  @Test("the start's write check fails on a connection that cannot write (as on a read-only file)")
  func writeCheck() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    _ = try DiaryDatabase.open(path: path)
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try DatabaseQueue(path: path, configuration: configuration)
    #expect(throws: DatabaseError.self) { try DiaryDatabase.checkIsWritable(readOnly) }
    try DiaryDatabase.checkIsWritable(DatabaseQueue(path: path))
    // The check leaves nothing behind.
    let tables = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'diary_write%'")
    }
    #expect(tables.isEmpty)
  }

  @Test(
    "a read-only database file is refused at start",
    .enabled(if: getuid() != 0, "root writes read-only files"))
  func readOnlyFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    _ = try DiaryDatabase.open(path: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    #expect {
      _ = try DiaryApplication(storage: .file(path))
    } throws: { error in
      "\(error)".contains("the file cannot be written")
    }
  }

  @Test("a second diary on the same file waits for the other's lock (a busy timeout), 5 s by default")
  func busyTimeout() throws {
    let folder = try TemporaryFolder()
    #expect(try DiaryDatabase.open(path: folder.path + "/diary.sqlite").busyTimeoutMilliseconds() == 5000)
  }

  @Test("two diaries editing one entry: the second save is refused and says so; saving again overwrites")
  func conflictingEdits() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let first = try Session(leaks, storage: .file(path))
      let second = try Session(leaks, storage: .file(path))
      await first.signIn()
      await first.type(["n", "t Shared", "d 2026-11-22", "s"])
      await second.signIn()
      await second.type(["1", "e", "t Second's title"])
      await first.type(["e", "t First's title", "s"])
      #expect(first.content.first == "First's title")
      let refused = FrameChecks.words(await second.type("s"))
      #expect(
        refused.contains("! This entry was saved elsewhere (another diary on this file) since you opened it;")
      )
      #expect(refused.contains("it is now titled \"First's title\""))
      #expect(second.top == "Edit")
      #expect(second.content.first == "Title: Second's title")
      await second.type("s")
      #expect(second.content.first == "Second's title")
      #expect(await first.type(["b", "1"]).contains("Second's title"))
    }
  }

  @Test("e while the database is locked says so, instead of opening an empty New entry editor")
  func editWhileLocked() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["n", "t Locked later", "s"])
      let blocker = try DatabaseBlocker(path: path)
      let frame = FrameChecks.words(await session.type("e"))
      blocker.release()
      #expect(
        frame.contains("! Could not open the entry for editing: the diary file is locked by another program"))
      #expect(session.top == "Locked later")
      #expect(await session.type("e").contains("Path: Diary › Locked later › Edit"))
      #expect(session.content.first == "Title: Locked later")
    }
  }

  @Test("an entry that cannot be read (locked file) says so and stays said, instead of \"does not exist\"")
  func readWhileLocked() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type(["n", "t Exists", "s", "b"])
      let blocker = try DatabaseBlocker(path: path)
      await session.type("1")
      let failure = "Could not read this entry: the diary file is locked by another program (another diary?);"
      #expect(session.content.first?.hasPrefix(failure) == true)
      #expect(!session.app.frame().contains("does not exist"))
      // Not a one-shot alert: the next key leaves it in place.
      await session.type("?")
      #expect(session.content.first?.hasPrefix(failure) == true)
      // The list, too, says it could not read the diary rather than "No entries yet".
      await session.type("b")
      #expect(session.content.contains { $0.hasPrefix("Could not read the diary: the diary file is locked") })
      #expect(!session.content.contains { $0.hasPrefix("No entries yet") })
      blocker.release()
      await session.type("l")
      #expect(session.content.contains("1. \(DiaryDate.today(Date()))  Exists"))
    }
  }

  @Test("NUL characters are removed with a word, instead of cutting the text where SQLite stores it")
  func nulCharacters() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/diary.sqlite"
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, storage: .file(path))
      await session.signIn()
      await session.type("n")
      #expect(
        await session.type("x abc\0def").contains(
          "! NUL characters cannot be stored in the diary; they were removed."))
      await session.type(["t Ti\0tle", "s"])
      let reopened = try DiaryDatabase.open(path: path)
      #expect(try reopened.entries().map(\.body) == ["abcdef"])
      #expect(try reopened.entries().map(\.title) == ["Title"])
    }
  }

  @Test("a relative XDG_DATA_HOME is ignored (the XDG spec); a folder that cannot be made is said plainly")
  func defaultLocation() throws {
    let folder = try TemporaryFolder()
    let path = try DiaryDatabase.defaultPath(environment: [
      "XDG_DATA_HOME": "relative/data", "HOME": folder.path,
    ])
    #expect(path == folder.path + "/.local/share/reactorflow-diary/diary.sqlite")
    let absolute = try DiaryDatabase.defaultPath(environment: ["XDG_DATA_HOME": folder.path + "/xdg"])
    #expect(absolute == folder.path + "/xdg/reactorflow-diary/diary.sqlite")
    // HOME is a file: its .local cannot be created.
    let file = folder.path + "/not-a-folder"
    try Data().write(to: URL(fileURLWithPath: file))
    #expect {
      _ = try DiaryDatabase.defaultPath(environment: ["HOME": file])
    } throws: { error in
      let text = "\(error)"
      return text.contains("cannot be created (check that \(file)/.local/share is a folder you can write to)")
        && !text.contains("NSCocoaErrorDomain") && !text.contains("error 512")
    }
  }
}
