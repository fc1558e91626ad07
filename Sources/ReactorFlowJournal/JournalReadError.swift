import ReactorFlow

/// Why a journal file was not read: the first bad line (from 1; `nil` when the file as a whole is
/// the problem) and what is wrong with it. Its description says how to fix it, with the file's
/// own text quoted with its control characters escaped.
public struct JournalReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Equatable, Sendable {
    /// The file could not be opened or read (the system's reason).
    case cannotRead(String)
    /// The file is larger, in bytes, than the limit.
    case fileTooLarge(size: Int, limit: Int)
    /// The line is longer, in bytes, than the limit.
    case lineTooLong(limit: Int)
    /// The line is not valid UTF-8.
    case notUTF8
    /// The line nests arrays and objects deeper than the limit.
    case tooDeeplyNested(limit: Int)
    /// The line is not a JSON object (the parser's reason).
    case notJSON(String)
    /// The first line is not a journal header: the file is not a journal, or it is empty.
    case missingHeader
    /// The journal was written in another format version than the one this library reads.
    case unsupportedVersion(found: Int, supported: Int)
    /// The journal was recorded by another app than the expected one.
    case differentApp(found: String, expected: String)
    /// The entry's kind is not one this library knows.
    case unknownKind(String)
    /// A field of the entry is missing or wrong (its name and what is wrong).
    case invalidField(name: String, reason: String)
    /// The entry's sequence number is not greater than the previous entry's.
    case outOfOrder(sequence: UInt64, previous: UInt64)
    /// The file ends without its end line: it was cut short.
    case missingEnd
    /// The last line has no line break: the file was cut in the middle of a line.
    case truncatedLine
    /// The end line counts another number of entries than the file holds.
    case countMismatch(declared: Int, found: Int)
    /// There is more after the end line.
    case contentAfterEnd
  }

  /// The first bad line, from 1; `nil` when the problem is the file as a whole (it cannot be
  /// read, or it is too large).
  public var line: Int?
  /// What is wrong with it.
  public var problem: Problem

  /// An error about `line` (`nil`: the whole file).
  public init(line: Int?, _ problem: Problem) {
    self.line = line
    self.problem = problem
  }

  /// What is wrong, where, and how to fix it.
  public var description: String {
    let place = line.map { "Line \($0) of the journal" } ?? "The journal file"
    return "\(place): \(explanation)"
  }

  private var explanation: String {
    switch problem {
    case .cannotRead(let reason):
      return "The file cannot be read (\(quoted(reason))). Check the path and the file's permissions."
    case .fileTooLarge(let size, let limit):
      return """
        The file is \(size) bytes, more than the limit of \(limit). Record with a ring buffer \
        (`JournalRecorder(keepingLast:)`) or raise `JournalReader.Limits.maximumFileSize`.
        """
    case .lineTooLong(let limit):
      return """
        The line is longer than \(limit) bytes. A payload this large is likely a mistake; raise \
        `JournalReader.Limits.maximumLineLength` if it is not.
        """
    case .notUTF8:
      return "The line is not valid UTF-8 text. The file is damaged: record the session again."
    case .tooDeeplyNested(let limit):
      return """
        The line nests arrays or objects more than \(limit) levels deep. Raise \
        `JournalReader.Limits.maximumDepth` if a recorded value is really that deep.
        """
    case .notJSON(let reason):
      return
        "The line is not a JSON object (\(quoted(reason))). The file is damaged: record the session again."
    case .missingHeader:
      return """
        The line is not a journal header: the file is empty or is not a ReactorFlow journal. Pass a file \
        written by `Journal.write(to:header:)`.
        """
    case .unsupportedVersion(let found, let supported):
      return """
        The journal is in format version \(found); this library reads version \(supported). \
        Read it with the version of ReactorFlow that wrote it, or record it again.
        """
    case .differentApp(let found, let expected):
      return """
        The journal was recorded by "\(quoted(found))", not "\(quoted(expected))". Read it with \
        `JournalReader(expectedApp:)` set to the app that recorded it, or to nil for any app.
        """
    case .unknownKind(let kind):
      return """
        The entry is of an unknown kind, "\(quoted(kind))". It was written by a newer version, or the \
        file is damaged; known kinds: \(JournalEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).
        """
    case .invalidField(let name, let reason):
      return """
        The entry's "\(quoted(name))" field is wrong: \(quoted(reason)). The file is damaged: record the \
        session again.
        """
    case .outOfOrder(let sequence, let previous):
      return """
        Entry number \(sequence) comes after entry \(previous): entries must be in increasing order. \
        A line was duplicated or moved; record the session again.
        """
    case .missingEnd:
      return """
        The file ends here without its end line: it was cut short, and entries may be lost. \
        Use `JournalReader.readValidPrefix(contentsOf:)` to read the entries before it.
        """
    case .truncatedLine:
      return """
        The line ends without a line break: the file was cut in the middle of it. Use \
        `JournalReader.readValidPrefix(contentsOf:)` to read the entries before it.
        """
    case .countMismatch(let declared, let found):
      return """
        The end line counts \(declared) entries but the file holds \(found): lines were added or removed. \
        Record the session again.
        """
    case .contentAfterEnd:
      return "The line comes after the end line. Lines were appended to the journal: remove them."
    }
  }

  /// Untrusted text, escaped and cut to a length that fits in a message.
  private func quoted(_ text: String) -> String {
    let limit = 200
    let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
    return ReactorFlowDiagnostics.escaped(cut)
  }
}
