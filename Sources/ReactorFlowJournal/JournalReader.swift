import Foundation
import ReactorFlow

/// Reads journal files, checking every line: a damaged, truncated, foreign or hostile file gives a
/// ``JournalReadError`` naming its first bad line, never a crash and never part of a journal
/// unless asked for (``readValidPrefix(contentsOf:)``).
///
/// The file is read as a stream, line by line, in one pass; nothing larger than ``Limits`` allows
/// is held in memory.
///
/// A journal appended to as it was recorded (``JournalFileWriter``) may end before its end line,
/// or in the middle of a line, where its app stopped: it is read up to its last whole entry, and
/// ``JournalFile/ending`` says where it stopped (``JournalEnding/stopped(tornTail:)``).
///
/// ```swift
/// let reader = JournalReader(expectedApp: "Diary")
/// let url = URL(fileURLWithPath: "/tmp/session.jsonl")
/// do {
///   let file = try reader.read(contentsOf: url)
///   print(file.journal.timeline())
/// } catch {
///   print(error)  // Line 12 of the journal: ...
/// }
/// ```
public struct JournalReader: Sendable {
  /// The sizes a reader accepts, each with a safe default.
  public struct Limits: Hashable, Sendable {
    /// The largest file, in bytes (default 256 MiB).
    public var maximumFileSize: Int
    /// The longest line, in bytes (default 4 MiB).
    public var maximumLineLength: Int
    /// The deepest nesting of arrays and objects in a line or a payload (default 64).
    public var maximumDepth: Int

    /// Limits of `maximumFileSize` bytes per file, `maximumLineLength` bytes per line and
    /// `maximumDepth` levels of nesting.
    public init(
      maximumFileSize: Int = 256 << 20, maximumLineLength: Int = 4 << 20, maximumDepth: Int = 64
    ) {
      self.maximumFileSize = maximumFileSize
      self.maximumLineLength = maximumLineLength
      self.maximumDepth = maximumDepth
    }
  }

  /// The app whose journals this reader accepts; `nil` accepts any app.
  public var expectedApp: String?
  /// The sizes this reader accepts.
  public var limits: Limits

  /// A reader of journals recorded by `expectedApp` (any app when `nil`), within `limits`.
  public init(expectedApp: String? = nil, limits: Limits = Limits()) {
    self.expectedApp = expectedApp
    self.limits = limits
  }

  /// The journal in the file at `url`, all or nothing: the first bad line throws.
  public func read(contentsOf url: URL) throws(JournalReadError) -> JournalFile {
    try complete(readValidPrefix(contentsOf: url))
  }

  /// The journal in `data` (a journal file's bytes), all or nothing: the first bad line throws.
  public func read(_ data: Data) throws(JournalReadError) -> JournalFile {
    try complete(readValidPrefix(data))
  }

  /// The entries of the file at `url` up to its first bad line, and what is wrong with that line:
  /// for a journal cut short (an app that stopped while writing it), the entries before the cut.
  public func readValidPrefix(contentsOf url: URL) -> JournalPrefix {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      return JournalPrefix(
        header: nil, journal: Journal(),
        error: JournalReadError(line: nil, .cannotRead(error.localizedDescription)))
    }
    defer { try? handle.close() }
    if let kind = Self.kindIfNotRegularFile(handle) {
      // A directory opens for reading, and its end offset can be 2^63 - 1: it would be reported
      // as a file too large, with advice that does not apply.
      return JournalPrefix(
        header: nil, journal: Journal(),
        error: JournalReadError(
          line: nil, .cannotRead("\(url.path) is \(kind), not a regular file; pass a journal file")))
    }
    do {
      let size = try handle.seekToEnd()
      guard size <= UInt64(limits.maximumFileSize) else {
        return JournalPrefix(
          header: nil, journal: Journal(),
          error: JournalReadError(
            line: nil, .fileTooLarge(size: Int(clamping: size), limit: limits.maximumFileSize)))
      }
      try handle.seek(toOffset: 0)
    } catch {
      return JournalPrefix(
        header: nil, journal: Journal(),
        error: JournalReadError(line: nil, .cannotRead(error.localizedDescription)))
    }
    return parse { () throws(JournalReadError) -> Data? in
      do {
        let chunk = try handle.read(upToCount: 1 << 16)
        return chunk?.isEmpty == false ? chunk : nil
      } catch {
        throw JournalReadError(line: nil, .cannotRead(error.localizedDescription))
      }
    }
  }

  /// What the file open in `handle` is when it is not a regular file ("a directory"…); `nil` for
  /// a regular file, or when the system cannot say (reading it then reports what is wrong).
  private static func kindIfNotRegularFile(_ handle: FileHandle) -> String? {
    var status = stat()
    guard fstat(handle.fileDescriptor, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a pipe"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    default: return "a special file"
    }
  }

  /// The entries of `data` up to its first bad line, and what is wrong with that line.
  public func readValidPrefix(_ data: Data) -> JournalPrefix {
    guard data.count <= limits.maximumFileSize else {
      return JournalPrefix(
        header: nil, journal: Journal(),
        error: JournalReadError(line: nil, .fileTooLarge(size: data.count, limit: limits.maximumFileSize)))
    }
    var remaining: Data? = data
    return parse { () throws(JournalReadError) -> Data? in
      defer { remaining = nil }
      return remaining?.isEmpty == false ? remaining : nil
    }
  }

  private func complete(_ prefix: JournalPrefix) throws(JournalReadError) -> JournalFile {
    if let error = prefix.error { throw error }
    // A prefix without an error has a header (a file without one is an error): this is a guard.
    guard let header = prefix.header else { throw JournalReadError(line: 1, .missingHeader) }
    return JournalFile(header: header, journal: prefix.journal, ending: prefix.ending)
  }

  /// Splits the chunks `next` returns into lines and reads them, stopping at the first bad one.
  private func parse(_ next: () throws(JournalReadError) -> Data?) -> JournalPrefix {
    var parser = LineParser(reader: self)
    var pending: [UInt8] = []
    var total = 0
    var ending = JournalEnding.complete
    do throws(JournalReadError) {
      while let chunk = try next() {
        total += chunk.count
        guard total <= limits.maximumFileSize else {
          throw JournalReadError(line: nil, .fileTooLarge(size: total, limit: limits.maximumFileSize))
        }
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: 0x0A) {
          let piece = chunk[start..<newline]
          guard pending.count + piece.count <= limits.maximumLineLength else {
            throw JournalReadError(line: parser.lineNumber + 1, .lineTooLong(limit: limits.maximumLineLength))
          }
          pending.append(contentsOf: piece)
          try parser.read(pending)
          pending.removeAll(keepingCapacity: true)
          start = chunk.index(after: newline)
        }
        let rest = chunk[start...]
        guard pending.count + rest.count <= limits.maximumLineLength else {
          throw JournalReadError(line: parser.lineNumber + 1, .lineTooLong(limit: limits.maximumLineLength))
        }
        pending.append(contentsOf: rest)
      }
      ending = try parser.finish(torn: pending.count)
    } catch {
      return JournalPrefix(header: parser.header, journal: parser.journal, error: error)
    }
    return JournalPrefix(header: parser.header, journal: parser.journal, error: nil, ending: ending)
  }
}
