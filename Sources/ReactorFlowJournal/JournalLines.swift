// The lines of a journal file, as JSON objects (JSON Lines): a header, one line per entry and an
// end line with the count of entries, so that a file cut at a line boundary is told from a
// complete one. A journal appended to as it is recorded (`JournalFileWriter`) says so in its
// header: it may stop before its end line, and its last line may be torn.

struct HeaderLine: Codable {
  static let marker = "ReactorFlow journal"
  var format: String
  var version: Int
  var app: String
  var build: String
  var dropped: Int
  /// `true` when the journal is appended to as it is recorded; absent for one written whole.
  var appended: Bool? = nil
}

struct EndLine: Codable {
  var end: Int
}

/// What a line is, read before the whole line is decoded.
struct LineProbe: Decodable {
  var format: String?
  var end: Int?
  var kind: String?
}

struct SourceComponentLine: Codable {
  var type: String
  var ordinal: Int
}

struct EntryLine: Codable {
  var seq: UInt64
  /// The offset from the start of the recording, in nanoseconds.
  var ns: Int64
  var source: [SourceComponentLine]
  var kind: String
  /// A payload's type, description and, when it is `Codable`, its JSON text (a string, so that
  /// it is read back byte for byte).
  var type: String?
  var description: String?
  var json: String?
  /// The text of a deep link, navigation event, diagnostic or rendered tree.
  var text: String?
  var effect: Int?
  var gesture: String?
  var tab: Int?
  /// Where an action was sent or a step accepted; absent when not known (and in files written
  /// before journals recorded it).
  var callSite: CallSiteLine?
}

/// An entry's call site: the file, as `#fileID` writes it, and the line (1 or more).
struct CallSiteLine: Codable {
  var file: String
  var line: Int
}
