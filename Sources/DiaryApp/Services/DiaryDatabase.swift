import Foundation
import GRDB
import ReactorFlow

/// One diary entry, a row of the `entry` table.
struct DiaryEntry: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "entry"

  var id: Int64?
  var title: String
  var date: String
  var body: String

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// Why the database could not be opened, and what to do about it.
public struct DatabaseOpenError: Error, CustomStringConvertible {
  /// The path that was tried.
  public let path: String
  /// What went wrong and how to fix it.
  public let reason: String

  /// "Cannot open the diary database at PATH: reason".
  public var description: String {
    "Cannot open the diary database at \(path): \(reason)"
  }
}

/// The diary, persisted in SQLite through GRDB. Each save is one committed transaction before it
/// returns, so an entry the app says is saved survives the process being killed.
@MainActor
final class DiaryDatabase {
  private let writer: any DatabaseWriter
  /// Where the database lives (`:memory:` for an in-memory one).
  let location: String
  /// Sent after every change, so that lists reload.
  let changes = PublishRelay<Int64>()

  private init(writer: any DatabaseWriter, location: String) throws {
    self.writer = writer
    self.location = location
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

  /// Opens (or creates) the database at `path`, or says why it cannot.
  static func open(path: String) throws(DatabaseOpenError) -> DiaryDatabase {
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
      return try DiaryDatabase(writer: DatabaseQueue(path: path), location: path)
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
          reason: "the file cannot be written (check its permissions), or use --database with another path.")
      default:
        throw DatabaseOpenError(path: path, reason: "SQLite said: \(error.message ?? "\(error.resultCode)").")
      }
    } catch {
      throw DatabaseOpenError(path: path, reason: "\(error)")
    }
  }

  /// The default location: `$XDG_DATA_HOME/reactorflow-diary/diary.sqlite`, else
  /// `~/.local/share/reactorflow-diary/diary.sqlite` (on macOS, Application Support). The folder
  /// is created if needed.
  static func defaultPath() throws(DatabaseOpenError) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base: String
    #if os(macOS)
      base = NSHomeDirectory() + "/Library/Application Support"
    #else
      if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
        base = data
      } else {
        base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
      }
    #endif
    let folder = base + "/reactorflow-diary"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw DatabaseOpenError(
        path: folder + "/diary.sqlite",
        reason:
          "its folder cannot be created (\(error.localizedDescription)). Pass --database PATH or --in-memory."
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
    return migrator
  }

  // MARK: - Queries

  /// All entries, newest date first.
  func entries() throws -> [DiaryEntry] {
    try writer.read { db in
      try DiaryEntry.order(Column("date").desc, Column("id").desc).fetchAll(db)
    }
  }

  /// The entry with `id`, if it exists.
  func entry(id: Int64) throws -> DiaryEntry? {
    try writer.read { db in try DiaryEntry.fetchOne(db, key: id) }
  }

  /// Inserts or updates `entry` and returns it with its id, once committed.
  func save(_ entry: DiaryEntry) throws -> DiaryEntry {
    let saved = try writer.write { db in
      var entry = entry
      try entry.save(db)
      return entry
    }
    if let id = saved.id { changes.accept(id) }
    return saved
  }
}
