import Foundation
import ReactorFlow

/// Reads journal files, checking every line: a damaged, truncated, foreign or hostile file gives a
/// ``JournalReadError`` naming its first bad line, never a crash and never part of a journal
/// unless asked for (``readValidPrefix(contentsOf:)``).
///
/// The file is read as a stream, line by line; nothing larger than ``Limits`` allows is held in
/// memory.
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
    return JournalFile(header: header, journal: prefix.journal)
  }

  /// Splits the chunks `next` returns into lines and reads them, stopping at the first bad one.
  private func parse(_ next: () throws(JournalReadError) -> Data?) -> JournalPrefix {
    var parser = LineParser(reader: self)
    var pending: [UInt8] = []
    var total = 0
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
      if !pending.isEmpty {
        throw JournalReadError(line: parser.lineNumber + 1, .truncatedLine)
      }
      try parser.finish()
    } catch {
      return JournalPrefix(header: parser.header, journal: parser.journal, error: error)
    }
    return JournalPrefix(header: parser.header, journal: parser.journal, error: nil)
  }
}

/// Reads a journal file's lines one at a time: the header, the entries, the end line.
private struct LineParser {
  let reader: JournalReader
  let decoder = JSONDecoder()
  var lineNumber = 0
  var header: JournalHeader?
  var dropped = 0
  var entries: [JournalEntry] = []
  var declaredCount: Int?

  init(reader: JournalReader) {
    self.reader = reader
  }

  var journal: Journal { Journal(entries: entries, droppedCount: dropped) }

  mutating func read(_ bytes: [UInt8]) throws(JournalReadError) {
    lineNumber += 1
    let line = lineNumber
    func fail(_ problem: JournalReadError.Problem) -> JournalReadError {
      JournalReadError(line: line, problem)
    }
    guard declaredCount == nil else { throw fail(.contentAfterEnd) }
    guard String(bytes: bytes, encoding: .utf8) != nil else { throw fail(.notUTF8) }
    guard depth(of: bytes) <= reader.limits.maximumDepth else {
      throw fail(.tooDeeplyNested(limit: reader.limits.maximumDepth))
    }
    let data = Data(bytes)
    let probe: LineProbe
    do {
      probe = try decoder.decode(LineProbe.self, from: data)
    } catch {
      throw fail(Self.problem(error))
    }
    if header == nil {
      guard probe.format == HeaderLine.marker else { throw fail(.missingHeader) }
      let fields = try decode(HeaderLine.self, data, line: line)
      guard fields.version == JournalHeader.currentFormatVersion else {
        throw fail(.unsupportedVersion(found: fields.version, supported: JournalHeader.currentFormatVersion))
      }
      if let expected = reader.expectedApp, fields.app != expected {
        throw fail(.differentApp(found: fields.app, expected: expected))
      }
      guard fields.dropped >= 0 else { throw fail(.invalidField(name: "dropped", reason: "it is negative")) }
      self.header = JournalHeader(formatVersion: fields.version, app: fields.app, build: fields.build)
      dropped = fields.dropped
      return
    }
    if let end = probe.end, probe.kind == nil {
      guard end == entries.count else { throw fail(.countMismatch(declared: end, found: entries.count)) }
      declaredCount = end
      return
    }
    guard let kindName = probe.kind else { throw fail(.invalidField(name: "kind", reason: "it is missing")) }
    guard let kind = JournalEntry.Kind(rawValue: kindName) else { throw fail(.unknownKind(kindName)) }
    let entry = try decode(EntryLine.self, data, line: line)
    if let previous = entries.last?.time.sequence, entry.seq <= previous {
      throw fail(.outOfOrder(sequence: entry.seq, previous: previous))
    }
    entries.append(try Self.entry(entry, kind: kind, maximumDepth: reader.limits.maximumDepth, fail: fail))
  }

  func finish() throws(JournalReadError) {
    guard header != nil else { throw JournalReadError(line: 1, .missingHeader) }
    guard declaredCount != nil else { throw JournalReadError(line: lineNumber + 1, .missingEnd) }
  }

  private func decode<T: Decodable>(_ type: T.Type, _ data: Data, line: Int) throws(JournalReadError) -> T {
    do {
      return try decoder.decode(type, from: data)
    } catch {
      throw JournalReadError(line: line, Self.problem(error))
    }
  }

  private static func entry(
    _ line: EntryLine, kind: JournalEntry.Kind, maximumDepth: Int,
    fail: (JournalReadError.Problem) -> JournalReadError
  ) throws(JournalReadError) -> JournalEntry {
    guard line.ns >= 0 else { throw fail(.invalidField(name: "ns", reason: "the time is negative")) }
    var path: [JournalSource.Component] = []
    for component in line.source {
      guard !component.type.isEmpty, component.ordinal >= 0 else {
        throw fail(.invalidField(name: "source", reason: "a type name is empty or an ordinal negative"))
      }
      path.append(JournalSource.Component(component.type, ordinal: component.ordinal))
    }
    func payload() throws(JournalReadError) -> JournalPayload {
      guard let type = line.type, !type.isEmpty else {
        throw fail(.invalidField(name: "type", reason: "a \(kind.rawValue) entry names its payload's type"))
      }
      guard let description = line.description else {
        throw fail(
          .invalidField(name: "description", reason: "a \(kind.rawValue) entry describes its payload"))
      }
      if let json = line.json, depth(of: Array(json.utf8)) > maximumDepth {
        throw fail(.tooDeeplyNested(limit: maximumDepth))
      }
      return JournalPayload(typeName: type, description: description, json: line.json)
    }
    func text() throws(JournalReadError) -> String {
      guard let text = line.text else {
        throw fail(.invalidField(name: "text", reason: "a \(kind.rawValue) entry has a text"))
      }
      return text
    }
    let event: JournalEntry.Event
    switch kind {
    case .action: event = .action(try payload())
    case .step: event = .step(try payload())
    case .mutation: event = .mutation(try payload())
    case .stateSnapshot: event = .stateSnapshot(try payload())
    case .effectOutput:
      guard let effect = line.effect, effect >= 0 else {
        throw fail(
          .invalidField(name: "effect", reason: "an effect output names its effect's number (0 or more)"))
      }
      event = .effectOutput(effect: effect, try payload())
    case .deepLink: event = .deepLink(try text())
    case .navigation: event = .navigation(try text())
    case .diagnostic: event = .diagnostic(try text())
    case .renderedTree: event = .renderedTree(try text())
    case .gesture:
      switch (line.gesture, line.tab) {
      case ("back", nil): event = .gesture(.back)
      case ("swipeDown", nil): event = .gesture(.swipeDown)
      case ("selectTab", let index?) where index >= 0: event = .gesture(.selectTab(index))
      default:
        throw fail(
          .invalidField(
            name: "gesture", reason: "expected back, swipeDown, or selectTab with a tab index of 0 or more"))
      }
    }
    return JournalEntry(
      time: JournalTime(sequence: line.seq, offset: .nanoseconds(line.ns)), source: JournalSource(path),
      event: event)
  }

  /// What a decoding error says about the line.
  private static func problem(_ error: any Error) -> JournalReadError.Problem {
    guard let error = error as? DecodingError else { return .notJSON(String(describing: error)) }
    func name(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
      ((path + (key.map { [$0] } ?? [])).map(\.stringValue)).joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidField(name: name(context.codingPath, key), reason: "it is missing")
    case .typeMismatch(let type, let context):
      return .invalidField(name: name(context.codingPath), reason: "it is not \(type)")
    case .valueNotFound(let type, let context):
      return .invalidField(name: name(context.codingPath), reason: "it is null, not \(type)")
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? .notJSON(context.debugDescription)
        : .invalidField(name: name(context.codingPath), reason: context.debugDescription)
    @unknown default:
      return .notJSON(String(describing: error))
    }
  }
}

/// The deepest nesting of arrays and objects in JSON text, outside strings.
private func depth(of bytes: [UInt8]) -> Int {
  var depth = 0
  var deepest = 0
  var inString = false
  var escaped = false
  for byte in bytes {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      continue
    }
    switch byte {
    case UInt8(ascii: "\""): inString = true
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      depth += 1
      deepest = max(deepest, depth)
    case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
    default: break
    }
  }
  return deepest
}
