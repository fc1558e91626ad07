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

  /// A journal file of `journal`, recorded by the app `header` names.
  public init(header: JournalHeader, journal: Journal) {
    self.header = header
    self.journal = journal
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
}
