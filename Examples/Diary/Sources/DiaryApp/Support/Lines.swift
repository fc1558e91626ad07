/// The lines of an entry's text as a value whose `append` costs O(1) amortised, even though a
/// reducer copies the state it changes: every copy shares one append-only buffer and sees its
/// own prefix of it. Appending to the copy that ends at the buffer's end extends the buffer in
/// place (no older copy sees the new line, their prefix is unchanged); appending to an older
/// copy copies its prefix first.
struct Lines: Equatable, Codable {
  private final class Buffer {
    // Only ever appended to, and only by the copy whose prefix is the whole buffer; a prefix,
    // once seen by a copy, never changes.
    var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
  }

  private var buffer: Buffer
  /// How many lines this value has (a prefix of the buffer).
  private(set) var count: Int

  /// `text` split at its newlines; no line for an empty text.
  init(_ text: String) {
    let lines =
      text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    buffer = Buffer(lines)
    count = lines.count
  }

  var isEmpty: Bool { count == 0 }

  /// Encoded as its lines (a journal's payloads): the buffer shared between copies is not part
  /// of the value. (Not as the text: one empty line and no line have the same text.)
  init(from decoder: any Decoder) throws {
    let lines = try decoder.singleValueContainer().decode([String].self)
    buffer = Buffer(lines)
    count = lines.count
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Array(buffer.lines[0..<count]))
  }

  /// The line at `index`.
  subscript(index: Int) -> String { buffer.lines[index] }

  /// The last `n` lines (fewer if there are fewer).
  func suffix(_ n: Int) -> ArraySlice<String> {
    buffer.lines[max(0, count - n)..<count]
  }

  /// Adds `line` at the end.
  mutating func append(_ line: String) {
    if buffer.lines.count != count {
      buffer = Buffer(Array(buffer.lines[0..<count]))
    }
    buffer.lines.append(line)
    count += 1
  }

  /// Replaces the line at `index` (from 0) with `line`.
  mutating func replace(at index: Int, with line: String) { edit { $0[index] = line } }

  /// Inserts `line` before the line at `index` (from 0; `count` adds it at the end).
  mutating func insert(_ line: String, at index: Int) { edit { $0.insert(line, at: index) } }

  /// Removes the line at `index` (from 0).
  mutating func remove(at index: Int) { edit { $0.remove(at: index) } }

  /// Removes every line.
  mutating func removeAll() { edit { $0.removeAll() } }

  /// Changes a copy of the lines (O(n): only appending is O(1)).
  private mutating func edit(_ change: (inout [String]) -> Void) {
    var lines = Array(buffer.lines[0..<count])
    change(&lines)
    buffer = Buffer(lines)
    count = lines.count
  }

  /// Every line, in order.
  var all: ArraySlice<String> { buffer.lines[0..<count] }

  /// The lines joined by newlines.
  var text: String { buffer.lines[0..<count].joined(separator: "\n") }

  /// Whether both values read one buffer (an append at the end shares it: nothing was copied).
  func sharesBuffer(with other: Lines) -> Bool { buffer === other.buffer }

  static func == (lhs: Lines, rhs: Lines) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.buffer === rhs.buffer { return true }
    return lhs.buffer.lines[0..<lhs.count] == rhs.buffer.lines[0..<rhs.count]
  }
}
