import Foundation
import GRDB
import ReactorFlow

/// One diary entry, a row of the `entry` table. `version` grows by one at each save, so that a
/// save based on an older version (another instance saved meanwhile) is detected.
struct DiaryEntry: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "entry"

  var id: Int64?
  var title: String
  var date: String
  var body: String
  var version: Int64 = 1

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// Why a save was refused although the database works.
enum SaveConflict: Error, Equatable {
  /// The entry was saved elsewhere (another diary on the same file) since it was opened: this
  /// is what is there now.
  case changedElsewhere(DiaryEntry)
  /// The entry was deleted elsewhere since it was opened.
  case deletedElsewhere
}

/// Why the database could not be opened, and what to do about it.
public struct DatabaseOpenError: Error, CustomStringConvertible {
  /// The path that was tried.
  public let path: String
  /// What went wrong and how to fix it.
  public let reason: String

  /// "Cannot open the diary database at PATH: reason".
  public var description: String {
    "Cannot open the diary database at \(path.isEmpty ? "\"\"" : path): \(reason)"
  }
}

/// The diary, persisted in SQLite through GRDB. Each save is one committed transaction before it
/// returns, so an entry the app says is saved survives the process being killed.
///
/// Opening checks what could otherwise lose entries without a word: a path that would keep
/// nothing (`""`, `:memory:`, a `file:` URI), a damaged file (`PRAGMA quick_check`), a file that
/// cannot be written, and another program's database. Another diary on the same file waits
/// for it (a busy timeout) instead of failing at once; a save based on an entry that was saved
/// elsewhere meanwhile is refused (``SaveConflict``).
@MainActor
final class DiaryDatabase {
  /// How long a statement waits for another connection's lock before giving up.
  static let defaultBusyTimeout: TimeInterval = 5

  private let writer: any DatabaseWriter
  /// Where the database lives (`:memory:` for an in-memory one).
  let location: String
  /// Sent after every change, so that lists reload.
  let changes = PublishRelay<Int64>()
  /// How many reads and writes were made (a replayed session makes none).
  private(set) var calls = 0

  /// How long after an integrity check a write checks the file again first (`nil`: never, in
  /// memory).
  private let integrityCheckInterval: Duration?
  /// When the file was last checked (at open).
  private var lastCheck = ContinuousClock.now

  private init(writer: any DatabaseWriter, location: String, integrityCheckInterval: Duration? = nil) throws {
    self.writer = writer
    self.location = location
    self.integrityCheckInterval = integrityCheckInterval
    try Self.migrator.migrate(writer)
  }

  /// A database that lives as long as the app (`--in-memory`, and tests).
  static func inMemory() -> DiaryDatabase {
    // An in-memory SQLite database with a fixed schema cannot fail to open.
    do {
      return try DiaryDatabase(writer: DatabaseQueue(), location: ":memory:")
    } catch {
      fatalError("An in-memory SQLite database failed to open: \(error)")
    }
  }

  /// Why `path` cannot be a diary file without even trying it, or `nil`.
  static func problem(withPath path: String) -> String? {
    if path.trimmingSpaces.isEmpty {
      return """
        the path is empty (an unset shell variable?), and SQLite would keep the diary in a \
        temporary file that is deleted at exit. Pass a file path, or --in-memory to keep nothing \
        on purpose.
        """
    }
    if path == ":memory:" || path.lowercased().hasPrefix("file:") {
      return """
        SQLite reads this as a special name or a URI, which may keep nothing. Pass a plain file \
        path (like ./diary.sqlite), or --in-memory to keep nothing on purpose.
        """
    }
    return nil
  }

  /// Opens (or creates) the database at `path`, or says why it cannot.
  static func open(
    path: String, busyTimeout: TimeInterval = defaultBusyTimeout,
    integrityCheckInterval: Duration = .seconds(60)
  ) throws(DatabaseOpenError) -> DiaryDatabase {
    if let problem = problem(withPath: path) { throw DatabaseOpenError(path: path, reason: problem) }
    var isDirectory: ObjCBool = false
    let folder = (path as NSString).deletingLastPathComponent
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw DatabaseOpenError(
        path: path, reason: "it is a folder. Pass a file path, like \(path)/diary.sqlite.")
    }
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      throw DatabaseOpenError(
        path: path,
        reason: "the folder \(folder) does not exist. Create it, or choose another --database path.")
    }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout)
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try checkIntegrity(of: queue, path: path)
      try checkIsDiary(queue, path: path)
      try checkIsWritable(queue)
      return try DiaryDatabase(writer: queue, location: path, integrityCheckInterval: integrityCheckInterval)
    } catch let error as DatabaseOpenError {
      throw error
    } catch let error as DatabaseError {
      switch error.resultCode {
      case .SQLITE_NOTADB, .SQLITE_CORRUPT:
        throw DatabaseOpenError(
          path: path,
          reason: """
            the file is not a diary database (it is damaged, or another kind of file). \
            Move it away to start a new diary, or pass another --database path.
            """)
      case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
        throw DatabaseOpenError(
          path: path,
          reason: """
            the file cannot be written (check the permissions of the file and of its folder), \
            or use --database with another path.
            """)
      case .SQLITE_IOERR:
        throw DatabaseOpenError(
          path: path,
          reason: """
            the file cannot be written, or read (SQLite could not write it or its journal next to \
            it: check the permissions of the file and of its folder, and the disk), or use \
            --database with another path.
            """)
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        throw DatabaseOpenError(
          path: path,
          reason: """
            another program has held the file locked for \(Int(busyTimeout)) s. Quit it (another \
            diary?) and start again.
            """)
      default:
        throw DatabaseOpenError(path: path, reason: explain(error) + ".")
      }
    } catch {
      throw DatabaseOpenError(path: path, reason: explain(error) + ".")
    }
  }

  /// `PRAGMA quick_check`: a file damaged after its first page opens and reads as an empty
  /// diary, and would take new entries; refuse it.
  private static func checkIntegrity(of queue: DatabaseQueue, path: String) throws {
    let problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
    guard problems != ["ok"] else { return }
    throw DatabaseOpenError(
      path: path, reason: damageAdvice(path: path, report: problems, whileRunning: false) + ".")
  }

  /// What a damaged file means, at start or while the app runs, and what to do; `report` is
  /// what `PRAGMA quick_check` said.
  static func damageAdvice(path: String, report: [String], whileRunning: Bool) -> String {
    let first = report.first.map { TerminalText.excerpt($0, columns: 80) } ?? "no answer"
    return """
      the file is damaged (SQLite's integrity check says: \(first)). \
      \(whileRunning ? "Nothing more is written to it; what was saved before is in it. Quit with q, keep" : "Nothing was written to it. Keep") \
      a copy of it, try to recover the entries with `sqlite3 \(TerminalText.sanitized(path)) .recover > recovered.sql`, \
      and start a new diary with another --database path (or move the file away)
      """
  }

  /// A non-empty database without the diary's table is another program's: adding tables to it
  /// would damage that program's data.
  private static func checkIsDiary(_ queue: DatabaseQueue, path: String) throws {
    let tables = try queue.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    }
    guard !tables.isEmpty, !tables.contains("entry") else { return }
    throw DatabaseOpenError(
      path: path,
      reason: """
        it is another program's SQLite database (it has no diary table), so the diary did not \
        touch it. Pass another --database path.
        """)
  }

  /// A read-only file (or a folder where SQLite cannot create its journal) opens, and reads, and
  /// fails only at the first save: find out at start with a write that is rolled back.
  static func checkIsWritable(_ queue: DatabaseQueue) throws {
    try queue.inDatabase { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      defer { try? db.execute(sql: "ROLLBACK") }
      try db.execute(sql: "CREATE TABLE main.diary_write_check (x)")
    }
  }

  /// The default location: `$XDG_DATA_HOME/reactorflow-diary/diary.sqlite` if that variable
  /// holds an absolute path (the XDG spec says to ignore a relative one), else
  /// `~/.local/share/reactorflow-diary/diary.sqlite` (on macOS, Application Support). The folder
  /// is created if needed.
  static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(DatabaseOpenError) -> String
  {
    let base: String
    #if os(macOS)
      base = NSHomeDirectory() + "/Library/Application Support"
    #else
      if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
        base = data
      } else {
        base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share"
      }
    #endif
    let folder = base + "/reactorflow-diary"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw DatabaseOpenError(
        path: folder + "/diary.sqlite",
        reason: """
          its folder \(folder) cannot be created (check that \(base) is a folder you can write to). \
          Pass --database PATH or --in-memory.
          """
      )
    }
    return folder + "/diary.sqlite"
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "entry") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("title", .text).notNull()
        table.column("date", .text).notNull()
        table.column("body", .text).notNull().defaults(to: "")
      }
    }
    migrator.registerMigration("v2: versions, the list's order, a kept draft") { db in
      try db.alter(table: "entry") { table in
        table.add(column: "version", .integer).notNull().defaults(to: 1)
      }
      try db.create(index: "entry_by_date", on: "entry", columns: ["date", "id"])
      try db.create(table: "draft") { table in
        table.primaryKey("slot", .integer).check { $0 == 1 }
        table.column("entryID", .integer)
        table.column("version", .integer).notNull()
        table.column("title", .text).notNull()
        table.column("date", .text).notNull()
        table.column("body", .text).notNull()
      }
    }
    migrator.registerMigration("v3: settings") { db in
      try db.create(table: "setting") { table in
        table.primaryKey("name", .text)
        table.column("value", .text).notNull()
      }
    }
    return migrator
  }

  // MARK: - Damage found while running

  /// Set when SQLite reports the file damaged while the app runs (it was checked at start):
  /// from then on nothing is written to it.
  private(set) var isDamaged = false

  /// What the integrity check said when it found the file damaged.
  private var damageReport: [String] = []

  /// Reads with `body`; a failure checks the file's integrity.
  private func read<T>(_ body: (Database) throws -> T) throws -> T {
    calls += 1
    do {
      return try writer.read(body)
    } catch let error as DatabaseError {
      try checkIntegrity(after: error)
      throw error
    }
  }

  /// Writes with `body` in a transaction, unless the file was found damaged; the file's
  /// integrity is checked first when the last check is older than the interval, and after a
  /// failure.
  private func write<T>(_ body: (Database) throws -> T) throws -> T {
    calls += 1
    if let interval = integrityCheckInterval, ContinuousClock.now - lastCheck >= interval {
      try checkIntegrity()
    }
    if isDamaged { throw DamagedFile(path: location, report: damageReport) }
    do {
      return try writer.write(body)
    } catch let error as DatabaseError {
      try checkIntegrity(after: error)
      throw error
    }
  }

  /// After `error` (or at the interval, without one): `PRAGMA quick_check`, and ``DamagedFile``
  /// if the file is damaged. A busy file is not checked (its lock is another program's).
  private func checkIntegrity(after error: DatabaseError? = nil) throws {
    if isDamaged { throw DamagedFile(path: location, report: damageReport) }
    guard integrityCheckInterval != nil || error.map(Self.isDamage) == true else { return }
    if let error, error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED { return }
    lastCheck = ContinuousClock.now
    let report: [String]
    do {
      report = try writer.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
    } catch let checkError as DatabaseError where Self.isDamage(checkError) {
      report = [DiaryDatabase.explainCode(checkError)]
    } catch {
      // The check itself could not run (a lock, the disk): the first error says enough.
      return
    }
    guard report != ["ok"] else { return }
    isDamaged = true
    damageReport = report
    throw DamagedFile(path: location, report: report)
  }

  private static func isDamage(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  /// A read or write refused because the file was found damaged.
  struct DamagedFile: Error {
    let path: String
    let report: [String]
  }

  /// "database disk image is malformed", for a damage the check itself ran into.
  private static func explainCode(_ error: DatabaseError) -> String {
    error.resultCode == .SQLITE_NOTADB ? "file is not a database" : "database disk image is malformed"
  }

  /// How long a statement waits for another connection's lock (SQLite's `busy_timeout`).
  func busyTimeoutMilliseconds() throws -> Int {
    try read { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0 }
  }

  // MARK: - Queries

  /// How many entries there are.
  func entryCount() throws -> Int {
    try read { db in try DiaryEntry.fetchCount(db) }
  }

  /// All entries, newest date first.
  func entries() throws -> [DiaryEntry] {
    try read { db in
      try DiaryEntry.order(Column("date").desc, Column("id").desc).fetchAll(db)
    }
  }

  /// Where a page of the list starts, in the list's order (newest date first, then newest id).
  enum PageStart {
    /// The newest entries.
    case newest
    /// `entry` (if it still exists) and the entries after it.
    case at(DiaryEntry)
    /// The entries after `entry`.
    case after(DiaryEntry)
    /// The entries before `entry` (the previous page).
    case before(DiaryEntry)
  }

  /// At most `limit` entries from `start`, in the list's order, without their text (a list
  /// shows titles; a text may be megabytes). Each page costs O(log n + limit): the index on
  /// (date, id) is walked from the page's neighbour, never skipped over (no `OFFSET`).
  func entries(_ start: PageStart, limit: Int) throws -> [DiaryEntry] {
    let columns = "SELECT id, title, date, '' AS body, version FROM entry"
    let descending = "ORDER BY date DESC, id DESC LIMIT ?"
    return try read { db in
      switch start {
      case .newest:
        return try DiaryEntry.fetchAll(db, sql: "\(columns) \(descending)", arguments: [limit])
      case .at(let entry):
        return try DiaryEntry.fetchAll(
          db, sql: "\(columns) WHERE (date, id) <= (?, ?) \(descending)",
          arguments: [entry.date, entry.id, limit])
      case .after(let entry):
        return try DiaryEntry.fetchAll(
          db, sql: "\(columns) WHERE (date, id) < (?, ?) \(descending)",
          arguments: [entry.date, entry.id, limit])
      case .before(let entry):
        return try DiaryEntry.fetchAll(
          db, sql: "\(columns) WHERE (date, id) > (?, ?) ORDER BY date, id LIMIT ?",
          arguments: [entry.date, entry.id, limit]
        ).reversed()
      }
    }
  }

  /// The entry with `id`, if it exists.
  func entry(id: Int64) throws -> DiaryEntry? {
    try read { db in try DiaryEntry.fetchOne(db, key: id) }
  }

  /// Inserts `entry`, or updates it if it has not been saved elsewhere since version
  /// `entry.version` (else throws ``SaveConflict``), and returns it with its id and new version,
  /// once committed.
  func save(_ entry: DiaryEntry) throws -> DiaryEntry {
    let saved = try write { db in
      var entry = entry
      guard let id = entry.id else {
        entry.version = 1
        try entry.insert(db)
        return entry
      }
      try db.execute(
        sql: """
          UPDATE entry SET title = ?, date = ?, body = ?, version = version + 1 \
          WHERE id = ? AND version = ?
          """,
        arguments: [entry.title, entry.date, entry.body, id, entry.version])
      guard db.changesCount == 1 else {
        if let current = try DiaryEntry.fetchOne(db, key: id) { throw SaveConflict.changedElsewhere(current) }
        throw SaveConflict.deletedElsewhere
      }
      entry.version += 1
      return entry
    }
    if let id = saved.id { changes.accept(id) }
    return saved
  }

  /// Deletes the entry with `id` and returns it as it was (to put it back), or `nil` if it did
  /// not exist.
  func delete(id: Int64) throws -> DiaryEntry? {
    let deleted = try write { db -> DiaryEntry? in
      guard let entry = try DiaryEntry.fetchOne(db, key: id) else { return nil }
      _ = try DiaryEntry.deleteOne(db, key: id)
      return entry
    }
    changes.accept(id)
    return deleted
  }

  /// Puts back `entry`, deleted with ``delete(id:)``, with its id.
  func restore(_ entry: DiaryEntry) throws {
    try write { db in
      var entry = entry
      try entry.insert(db)
    }
    if let id = entry.id { changes.accept(id) }
  }

  // MARK: - The kept draft

  /// Keeps `draft` (an entry being edited, not saved) until it is resumed or discarded; it
  /// replaces a draft kept before.
  func keepDraft(_ draft: DiaryEntry) throws {
    try write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO draft (slot, entryID, version, title, date, body) \
          VALUES (1, ?, ?, ?, ?, ?)
          """,
        arguments: [draft.id, draft.version, draft.title, draft.date, draft.body])
    }
  }

  /// The kept draft, if any.
  func keptDraft() throws -> DiaryEntry? {
    try read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM draft WHERE slot = 1").map { row in
        DiaryEntry(
          id: row["entryID"], title: row["title"], date: row["date"], body: row["body"],
          version: row["version"])
      }
    }
  }

  /// Forgets the kept draft.
  func discardDraft() throws {
    try write { db in try db.execute(sql: "DELETE FROM draft") }
  }

  // MARK: - Settings

  /// The accent colour kept with ``keepAccent(_:)``, if one was (a value the diary does not
  /// know, written by another version, is none).
  func keptAccent() throws -> Accent? {
    try read { db in
      try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'accent'").flatMap(Accent.init)
    }
  }

  /// Keeps `accent` for the next launches.
  func keepAccent(_ accent: Accent) throws {
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO setting (name, value) VALUES ('accent', ?)", arguments: [accent.rawValue]
      )
    }
  }

  // MARK: - Errors in plain words

  /// What `error` means for the user, without SQL or error domains.
  static func explain(_ error: any Error) -> String {
    switch error {
    case SaveConflict.changedElsewhere:
      return "this entry was saved elsewhere (another diary on the same file) since you opened it"
    case SaveConflict.deletedElsewhere:
      return "this entry was deleted elsewhere since you opened it"
    case let damage as DamagedFile:
      return damageAdvice(path: damage.path, report: damage.report, whileRunning: true)
    case let error as DatabaseError:
      switch error.resultCode {
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        return "the diary file is locked by another program (another diary?); try again in a moment"
      case .SQLITE_FULL: return "the disk is full; free some space and try again"
      case .SQLITE_READONLY: return "the diary file has become read-only"
      case .SQLITE_CORRUPT, .SQLITE_NOTADB:
        return
          "the diary file is damaged, so nothing more is written to it. Quit with q, keep a copy of it, and start again: the diary checks the file at start and says how to recover it"
      case .SQLITE_IOERR: return "the disk reported an error"
      case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return "the diary file cannot be opened any more"
      default: return "the database failed (SQLite error \(error.resultCode.rawValue))"
      }
    default:
      return TerminalText.sanitized("\(error)")
    }
  }
}
