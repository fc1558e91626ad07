import Foundation
import ReactorFlow

/// Reads a journal file's lines one at a time: the header, the entries, the end line.
struct LineParser {
  let reader: JournalReader
  let decoder = JSONDecoder()
  var lineNumber = 0
  var header: JournalHeader?
  var dropped = 0
  var entries: [JournalEntry] = []
  var declaredCount: Int?
  /// Whether the header says the journal is appended to as it is recorded: it may stop before
  /// its end line.
  var isAppended = false

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
      isAppended = fields.appended ?? false
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

  /// How the file ends, once its last whole line was read; `torn`, the bytes after it.
  func finish(torn: Int) throws(JournalReadError) -> JournalEnding {
    guard header != nil else {
      throw JournalReadError(line: lineNumber + 1, torn > 0 ? .truncatedLine : .missingHeader)
    }
    if declaredCount == nil, isAppended {
      return .stopped(tornTail: torn > 0 ? JournalTornTail(line: lineNumber + 1, byteCount: torn) : nil)
    }
    if torn > 0 { throw JournalReadError(line: lineNumber + 1, .truncatedLine) }
    guard declaredCount != nil else { throw JournalReadError(line: lineNumber + 1, .missingEnd) }
    return .complete
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
    var callSite: JournalCallSite?
    if let site = line.callSite {
      guard !site.file.isEmpty, site.line >= 1 else {
        throw fail(
          .invalidField(name: "callSite", reason: "a call site names a file and a line of 1 or more"))
      }
      callSite = JournalCallSite(fileID: site.file, line: site.line)
    }
    return JournalEntry(
      time: JournalTime(sequence: line.seq, offset: .nanoseconds(line.ns)), source: JournalSource(path),
      event: event, callSite: callSite)
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
func depth(of bytes: [UInt8]) -> Int {
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
