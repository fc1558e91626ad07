import Foundation
import ReactorFlow

/// Writes a journal to a file as it is recorded: the header when it is made, then each new entry
/// appended with one write of its own, and the end line when the session ends.
///
/// Writing costs what the new entries cost, however long the session: nothing written is written
/// again. Between two appends the file is a whole journal that stopped there; if the app is killed
/// while it writes an entry (even with `kill -9`), the file ends with part of a line.
/// ``JournalReader`` reads such a file up to its last whole entry and says how it ended
/// (``JournalFile/ending``): ``JournalEnding/stopped(tornTail:)``, with the torn line, if any.
/// (A kill loses nothing the system has taken; a power cut may lose what it had not yet put on
/// the disk.)
///
/// ```swift
/// let recorder = JournalRecorder()
/// let writer = try JournalFileWriter(
///   url: URL(fileURLWithPath: "/tmp/session.jsonl"), header: JournalHeader(app: "Diary", build: "1.0"))
/// recorder.recordDeepLink("diary://entries/7")
/// try writer.append(from: recorder)  // after each input, once the app is idle
/// try writer.finish()  // when the session ends
/// ```
///
/// A writer is used from one thread at a time.
public final class JournalFileWriter {
  /// Where the journal is written.
  public let url: URL
  private let handle: FileHandle
  private let encoder = Journal.lineEncoder()
  /// The sequence number of the last entry written.
  private var lastSequence: UInt64 = 0
  /// How many entries were written.
  public private(set) var count = 0
  private var isFinished = false

  /// Starts the journal file at `url` (replacing a file there) with `header`'s line.
  public init(url: URL, header: JournalHeader) throws(JournalWriteError) {
    self.url = url
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw .cannotWrite(path: url.path, reason: "the file cannot be created")
    }
    do {
      handle = try FileHandle(forWritingTo: url)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
    let line = HeaderLine(
      format: HeaderLine.marker, version: header.formatVersion, app: header.app, build: header.build,
      dropped: 0, appended: true)
    try write(line)
  }

  deinit {
    try? handle.close()
  }

  /// Appends the entries `recorder` recorded since the last append (those it still holds: a ring
  /// buffer's oldest may be gone), each with one write.
  public func append(from recorder: JournalRecorder) throws(JournalWriteError) {
    let entries = recorder.journal.entries
    // The entries are in sequence order: the new ones start after the last one written.
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].time.sequence <= lastSequence { low = middle + 1 } else { high = middle }
    }
    try append(entries[low...])
  }

  /// Appends `entries`, each with one write; those numbered no later than the last one written
  /// are left out.
  public func append(_ entries: some Sequence<JournalEntry>) throws(JournalWriteError) {
    guard !isFinished else { return }
    for entry in entries where entry.time.sequence > lastSequence {
      try write(Journal.line(for: entry, encoder: encoder))
      lastSequence = entry.time.sequence
      count += 1
    }
  }

  /// Writes the end line: the file is a complete journal (``JournalEnding/complete``), and
  /// nothing more is appended.
  public func finish() throws(JournalWriteError) {
    guard !isFinished else { return }
    try write(EndLine(end: count))
    isFinished = true
    try? handle.close()
  }

  /// Writes `line` and its line break with one write.
  private func write(_ line: some Encodable) throws(JournalWriteError) {
    do {
      try handle.write(contentsOf: Journal.encodedLine(line, encoder: encoder))
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }
}
