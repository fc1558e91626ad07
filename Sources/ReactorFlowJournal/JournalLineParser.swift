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
      throw fail(problem(error, decoding: data))
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
      throw JournalReadError(line: line, problem(error, decoding: data))
    }
  }

  /// What decoding `data` failing with `error` says about the line: for a number that does not
  /// fit its field, which the decoder reports as "not valid JSON" without naming the field, the
  /// field and its valid range.
  private func problem(_ error: any Error, decoding data: Data) -> JournalReadError.Problem {
    let problem = Self.problem(error)
    guard case .notJSON = problem, let numbers = try? decoder.decode(LineNumbersProbe.self, from: data) else {
      return problem
    }
    return Self.numberOutOfRange(in: numbers) ?? problem
  }

  /// The first number of `numbers` that does not fit its field's type: its field, and the
  /// field's valid range.
  private static func numberOutOfRange(in numbers: LineNumbersProbe) -> JournalReadError.Problem? {
    func fits(_ number: Decimal?, _ minimum: Decimal, _ maximum: Decimal) -> Bool {
      guard var number else { return true }
      var whole = Decimal()
      NSDecimalRound(&whole, &number, 0, .plain)
      return whole == number && minimum <= number && number <= maximum
    }
    let int = (Decimal(Int.min), Decimal(Int.max))
    let count = "a whole number from 0 to \(Int.max)"
    let fields: [(name: String, number: Decimal?, type: (Decimal, Decimal), what: String, valid: String)] =
      [
        ("seq", numbers.seq, (0, Decimal(UInt64.max)), "it", "a whole number from 0 to \(UInt64.max)"),
        (
          "ns", numbers.ns, (Decimal(Int64.min), Decimal(Int64.max)), "it",
          "a whole number of nanoseconds from 0 to \(Int64.max)"
        ),
        ("effect", numbers.effect, int, "it", count),
        ("tab", numbers.tab, int, "it", count),
        ("end", numbers.end, int, "it", count),
        ("dropped", numbers.dropped, int, "it", count),
        (
          "version", numbers.version, int, "it",
          "a whole number, \(JournalHeader.currentFormatVersion) for this library"
        ),
      ]
      + (numbers.source ?? []).map { ("source", $0.ordinal, int, "an ordinal", count) }
      + [("callSite", numbers.callSite?.line, int, "its line", "a whole number from 1 to \(Int.max)")]
    guard let field = fields.first(where: { !fits($0.number, $0.type.0, $0.type.1) }),
      let number = field.number
    else { return nil }
    return .invalidField(name: field.name, reason: "\(field.what) is \(number), not \(field.valid)")
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

/// The numbers of a line, read as decimals (38 significant digits): when decoding the line fails because a
/// number does not fit its field (`"seq":-1`), the decoder says only that the line is not valid
/// JSON, without naming the field; this probe finds it.
struct LineNumbersProbe: Decodable {
  struct Component: Decodable {
    var ordinal: Decimal?
  }

  struct CallSite: Decodable {
    var line: Decimal?
  }

  var seq: Decimal?
  var ns: Decimal?
  var effect: Decimal?
  var tab: Decimal?
  var end: Decimal?
  var version: Decimal?
  var dropped: Decimal?
  var source: [Component]?
  var callSite: CallSite?
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
