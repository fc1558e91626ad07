import Foundation
import ReactorFlow

/// A value decoded from a journal that the diary never records: a number out of its range, a
/// case its type does not have. The demo's `Codable` values throw it while they decode, so that
/// a reactor only ever receives values it can compute with.
struct JournalValueError: Error, CustomStringConvertible {
  /// Where the value is in what was decoded (`entryDidTap.number`).
  let path: String
  /// What is wrong with it.
  let problem: String

  init(at path: [any CodingKey], _ problem: String) {
    self.path = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    self.problem = problem
  }

  var description: String { path.isEmpty ? problem : "\(problem) (at \(path))" }
}

extension KeyedDecodingContainer {
  /// The number at `key`, which must be within `range`; `what` names it in the error.
  func decode<T: FixedWidthInteger & Decodable>(
    _: T.Type, forKey key: Key, in range: ClosedRange<T>, _ what: String
  ) throws -> T {
    let value = try decode(T.self, forKey: key)
    guard range.contains(value) else {
      let bounds =
        range.upperBound == T.max ? "from \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
      throw JournalValueError(at: codingPath + [key], "\(what) \(value) is out of range (\(bounds))")
    }
    return value
  }
}

extension Decoder {
  /// The case an enum's encoded value names (as Swift encodes an enum with associated values:
  /// an object of one key, the case's name), and the container that holds it; a name the enum
  /// does not have is a ``JournalValueError`` that says it.
  func enumCase<Key: CodingKey>(_: Key.Type, of type: Any.Type) throws -> (KeyedDecodingContainer<Key>, Key) {
    let container = try container(keyedBy: Key.self)
    if container.allKeys.count == 1, let key = container.allKeys.first { return (container, key) }
    let names = (try? self.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)) ?? []
    let typeName = String(reflecting: type)
    throw JournalValueError(
      at: codingPath,
      names.count == 1
        ? "\"\(TerminalText.excerpt(names[0]))\" is not a case of \(typeName)"
        : "a \(typeName) names one case, not \(names.count)")
  }
}

/// Any key of a keyed container (to name the keys a value has).
private struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Why a journal file's entry is refused before anything is replayed or restored: its value is
/// one the diary never records (the file was changed since it was recorded).
public struct InvalidJournalEntry: Error, Equatable, CustomStringConvertible {
  /// The entry's index among the journal's entries, from 0 (as a divergence numbers them).
  public let index: Int
  /// The entry's kind.
  public let kind: JournalEntry.Kind
  /// Where the entry says it comes from.
  public let source: JournalSource
  /// What is wrong with its value.
  public let problem: String

  /// The entry's line in the file: the header is line 1.
  public var line: Int { index + 2 }

  /// `Entry 12 (line 14, action at …): what is wrong. …how to fix it.`
  public var description: String {
    """
    Entry \(index) (line \(line), \(kind.rawValue) at \(TerminalText.sanitized(source.description))): \
    \(problem). The diary never records such a value: the file was changed since it was recorded. \
    Record the session again, or correct or remove that line.
    """
  }
}

extension DiaryJournal {
  /// The longest value (as JSON text) a replayed input may hold: a text typed, a diary entry
  /// read. Longer is refused.
  public static let maximumValueLength = 1 << 20

  /// How many tabs the diary has (a gesture selects one of them).
  static let tabCount = 3

  /// The types of the values each reactor of the diary receives — its actions and what its
  /// effects deliver — by the name a journal's source gives the reactor.
  static let reactorValueTypes: [String: (action: any Decodable.Type, mutation: any Decodable.Type)] = [
    "LaunchReactor": (LaunchReactor.Action.self, LaunchReactor.Mutation.self),
    "SignInReactor": (SignInReactor.Action.self, SignInReactor.Mutation.self),
    "FindPasswordReactor": (FindPasswordReactor.Action.self, FindPasswordReactor.Mutation.self),
    "DiaryListReactor": (DiaryListReactor.Action.self, DiaryListReactor.Mutation.self),
    "DiaryDetailReactor": (DiaryDetailReactor.Action.self, DiaryDetailReactor.Mutation.self),
    "DiaryEditReactor": (DiaryEditReactor.Action.self, DiaryEditReactor.Mutation.self),
    "WishlistReactor": (WishlistReactor.Action.self, WishlistReactor.Mutation.self),
    "MovieReactor": (MovieReactor.Action.self, MovieReactor.Mutation.self),
    "ProfileReactor": (ProfileReactor.Action.self, ProfileReactor.Mutation.self),
    "PINReactor": (PINReactor.Action.self, PINReactor.Mutation.self),
    "PrivateNotesReactor": (PrivateNotesReactor.Action.self, PrivateNotesReactor.Mutation.self),
    "SettingsReactor": (SettingsReactor.Action.self, SettingsReactor.Mutation.self),
    "TextFieldViewReactor": (TextFieldViewReactor.Action.self, TextFieldViewReactor.Mutation.self),
    "AccentColorReactor": (AccentColorReactor.Action.self, AccentColorReactor.Mutation.self),
  ]

  /// Checks every value of `journal` that a replay or a restoration would hand the app — the
  /// actions, the effects' outputs, the steps, the gestures — before any is: each must decode as
  /// the type its reactor takes (which checks its numbers and cases) and stay within
  /// ``maximumValueLength``. The first one that does not is thrown.
  public static func check(_ journal: Journal) throws(InvalidJournalEntry) {
    for (index, entry) in journal.entries.enumerated() {
      if let problem = problem(with: entry) {
        throw InvalidJournalEntry(
          index: index, kind: entry.event.kind, source: entry.source, problem: problem)
      }
    }
  }

  /// What is wrong with the value of `entry`, if something is.
  static func problem(with entry: JournalEntry) -> String? {
    let reactor = entry.source.path.last?.typeName ?? ""
    switch entry.event {
    case .action(let payload):
      return problem(with: payload, as: reactorValueTypes[reactor]?.action, at: reactor)
    case .effectOutput(let effect, let payload):
      guard effect >= 0 else {
        return "effect number \(effect) is out of range (effects are numbered from 0)"
      }
      return problem(with: payload, as: reactorValueTypes[reactor]?.mutation, at: reactor)
    case .step(let payload):
      return problem(with: payload, as: AppStep.self, at: nil)
    case .gesture(.selectTab(let tab)):
      guard (0..<tabCount).contains(tab) else {
        return "the diary has tabs 0 to \(tabCount - 1), not tab \(tab)"
      }
      return nil
    case .deepLink:
      return "the diary opens no deep link"
    case .gesture, .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree:
      // Compared with what the replay does, as text: never handed to the app.
      return nil
    }
  }

  /// What is wrong with `payload` as a value of `type` for `reactor` (`nil`: a step), if
  /// something is.
  private static func problem(
    with payload: JournalPayload, as type: (any Decodable.Type)?, at reactor: String?
  )
    -> String?
  {
    // A value recorded in this process (not read from a file) is the app's own.
    guard payload.value == nil else { return nil }
    let recorded = TerminalText.excerpt(payload.typeName, columns: 60)
    guard let type else {
      return "no reactor of the diary is called \(TerminalText.excerpt(reactor ?? "", columns: 60))"
    }
    let expected = String(reflecting: type)
    guard payload.typeName == expected else {
      return reactor.map { "it records a \(recorded), where \($0) takes a \(expected)" }
        ?? "it records a \(recorded), not a \(expected)"
    }
    guard let json = payload.json else {
      return "it keeps only the description of its value, which cannot be replayed"
    }
    guard json.utf8.count <= maximumValueLength else {
      return "its value is \(json.utf8.count) bytes long, more than the \(maximumValueLength) a replay takes"
    }
    do {
      try decode(type, from: json)
      return nil
    } catch let error as JournalValueError {
      return error.description
    } catch let error as DecodingError {
      return describe(error, of: expected, json: json)
    } catch {
      return "its value does not decode as a \(expected) (\(TerminalText.excerpt("\(error)", columns: 120)))"
    }
  }

  private static func decode<T: Decodable>(_: T.Type, from json: String) throws {
    _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
  }

  /// `error` in a sentence: what did not decode, and where; a case the type does not have, named.
  private static func describe(_ error: DecodingError, of type: String, json: String) -> String {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      return "its value does not decode as a \(type)"
    }
    if context.codingPath.isEmpty,
      let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      object.count == 1,
      let name = object.keys.first
    {
      return "\"\(TerminalText.excerpt(name))\" is not a case of \(type)"
    }
    var path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    if case .keyNotFound(let key, _) = error { path.append(key.stringValue) }
    let place = path.isEmpty ? "" : " at \(TerminalText.excerpt(path.joined(separator: "."), columns: 60))"
    return
      "its value does not decode as a \(type)\(place): \(TerminalText.excerpt(context.debugDescription, columns: 120))"
  }
}
