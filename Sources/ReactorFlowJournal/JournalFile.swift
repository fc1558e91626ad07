import ReactorFlow

/// What a journal file says about itself on its first line: its format's version and the app and
/// build that recorded it.
public struct JournalHeader: Hashable, Sendable {
  /// The version of the file format this library writes, and the only one it reads.
  public static let currentFormatVersion = 1

  /// The file format's version.
  public var formatVersion: Int
  /// The name of the app that recorded the journal.
  public var app: String
  /// The app's build (a version, a build number, a commit).
  public var build: String

  /// A header for a journal recorded by `app`, build `build`, in the current format.
  public init(app: String, build: String) {
    self.init(formatVersion: Self.currentFormatVersion, app: app, build: build)
  }

  /// A header with an explicit format version (as read from a file).
  public init(formatVersion: Int, app: String, build: String) {
    self.formatVersion = formatVersion
    self.app = app
    self.build = build
  }
}

/// A journal with the header of its file.
public struct JournalFile: Sendable {
  /// Who recorded it, in which format.
  public var header: JournalHeader
  /// The entries, with the count of those a ring buffer dropped before they were written.
  public var journal: Journal
  /// How the file ends: with its end line, or — a journal appended to as it was recorded — where
  /// its app stopped writing.
  public var ending: JournalEnding

  /// A journal file of `journal`, recorded by the app `header` names, ending as `ending` says.
  public init(header: JournalHeader, journal: Journal, ending: JournalEnding = .complete) {
    self.header = header
    self.journal = journal
    self.ending = ending
  }
}

/// How a journal file ends.
///
/// A journal written whole (`Journal.write(to:header:)`) always ends with its end line: one cut
/// short is an error. A journal appended to as it is recorded (``JournalFileWriter``) ends with its
/// end line once its session ended, and wherever its app stopped writing before that — a crash, a
/// `kill -9`: the reader then takes its entries up to the last whole one.
public enum JournalEnding: Hashable, Sendable {
  /// The file ends with its end line: it holds the whole session.
  case complete
  /// The file is an appended journal without its end line: its app stopped (or is still
  /// recording). `tornTail` is the last line when the app stopped in the middle of writing it
  /// (the entry it held is not read); `nil` when the file stops after a whole line.
  case stopped(tornTail: JournalTornTail?)
}

/// The part of a line that an appended journal's app wrote before it stopped: that line is not
/// read.
public struct JournalTornTail: Hashable, Sendable {
  /// The torn line's number in the file, from 1.
  public var line: Int
  /// How many of its bytes were written (no line break ends them).
  public var byteCount: Int

  /// The torn line `line`, of `byteCount` bytes.
  public init(line: Int, byteCount: Int) {
    self.line = line
    self.byteCount = byteCount
  }
}

/// The entries of a journal file up to its first bad line, as
/// ``JournalReader/readValidPrefix(contentsOf:)`` returns them.
public struct JournalPrefix: Sendable {
  /// The file's header; `nil` when the first line is not a valid header.
  public var header: JournalHeader?
  /// The valid entries before the first bad line.
  public var journal: Journal
  /// What is wrong with the first bad line; `nil` when the whole file is valid.
  public var error: JournalReadError?
  /// How the file ends, when it was read without error.
  public var ending: JournalEnding = .complete
}
