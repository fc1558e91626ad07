import Foundation
import ReactorFlow

/// Why a journal could not be written.
public enum JournalWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A `Codable` payload threw when encoded: the entry `sequence`, the payload's type, the error.
  case cannotEncode(sequence: UInt64, type: String, reason: String)
  /// The file could not be written: its path and the system's reason.
  case cannotWrite(path: String, reason: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .cannotEncode(let sequence, let type, let reason):
      return """
        Entry \(sequence) of the journal could not be written: encoding its \
        \(ReactorFlowDiagnostics.escaped(type)) failed (\(ReactorFlowDiagnostics.escaped(reason))). \
        Make the type's `encode(to:)` succeed for every value it records.
        """
    case .cannotWrite(let path, let reason):
      return """
        The journal could not be written to \(ReactorFlowDiagnostics.escaped(path)): \
        \(ReactorFlowDiagnostics.escaped(reason)). Check that its folder exists and is writable.
        """
    }
  }
}

extension Journal {
  /// The journal as a journal file: JSON Lines, a header line (format version, app, build), one
  /// line per entry and an end line. `Codable` payloads are encoded now; the others are written
  /// as their type's name and description.
  public func jsonLines(header: JournalHeader) throws(JournalWriteError) -> Data {
    let encoder = Self.lineEncoder()
    var data = Data()
    func append(_ line: some Encodable) { data.append(Self.encodedLine(line, encoder: encoder)) }
    append(
      HeaderLine(
        format: HeaderLine.marker, version: header.formatVersion, app: header.app, build: header.build,
        dropped: droppedCount))
    for entry in entries {
      append(try Self.line(for: entry, encoder: encoder))
    }
    append(EndLine(end: count))
    return data
  }

  /// Writes the journal to the file at `url` (see ``jsonLines(header:)``), replacing it.
  public func write(to url: URL, header: JournalHeader) throws(JournalWriteError) {
    let data = try jsonLines(header: header)
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }

  /// The encoder of a journal file's lines: keys sorted, slashes as they are, and `Redacted`
  /// values written as their marker, never the secret.
  static func lineEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[.reactorFlowJournal] = true
    return encoder
  }

  /// `line` as a line of a journal file: its JSON and a line break.
  static func encodedLine(_ line: some Encodable, encoder: JSONEncoder) -> Data {
    // The line types are plain structs of strings and numbers: encoding them cannot fail.
    var data = try! encoder.encode(line)
    data.append(0x0A)
    return data
  }

  static func line(for entry: JournalEntry, encoder: JSONEncoder) throws(JournalWriteError) -> EntryLine {
    let (seconds, attoseconds) = entry.time.offset.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    // A negative offset (only a journal built by hand has one) is written as 0, as the reader
    // accepts no negative time.
    let nanoseconds =
      entry.time.offset < .zero
      ? 0 : overflow ? Int64.max : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).0
    var line = EntryLine(
      seq: entry.time.sequence, ns: nanoseconds,
      source: entry.source.path.map { SourceComponentLine(type: $0.typeName, ordinal: $0.ordinal) },
      kind: entry.event.kind.rawValue)
    line.callSite = entry.callSite.map { CallSiteLine(file: $0.fileID, line: $0.line) }
    if let payload = entry.event.payload {
      line.type = payload.typeName
      line.description = payload.description
      line.json = try encoded(payload, sequence: entry.time.sequence, encoder: encoder)
    }
    switch entry.event {
    case .deepLink(let text), .navigation(let text), .diagnostic(let text), .renderedTree(let text):
      line.text = text
    case .gesture(.back):
      line.gesture = "back"
    case .gesture(.swipeDown):
      line.gesture = "swipeDown"
    case .gesture(.selectTab(let index)):
      line.gesture = "selectTab"
      line.tab = index
    case .effectOutput(let effect, _):
      line.effect = effect
    case .action, .step, .mutation, .stateSnapshot:
      break
    }
    return line
  }

  private static func encoded(
    _ payload: JournalPayload, sequence: UInt64, encoder: JSONEncoder
  ) throws(JournalWriteError) -> String? {
    if let json = payload.json { return json }
    guard let value = payload.value as? any Codable else { return nil }
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .cannotEncode(sequence: sequence, type: payload.typeName, reason: String(describing: error))
    }
  }
}
