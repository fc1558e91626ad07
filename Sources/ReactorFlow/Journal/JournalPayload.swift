/// A value an entry of a ``Journal`` carries (an action, a step, an effect's output, a mutation,
/// a state): kept as the value itself while recording, with its description and its type's name.
///
/// A payload is *replayable* when its type is `Codable`: a journal file keeps its encoded form,
/// from which replay rebuilds the value. Any other payload is kept as its description, and
/// ``typeName`` names the type that must conform to `Codable` for it to replay.
///
/// Recording costs no formatting: the description and the type's name are made each time they
/// are read (not kept), the encoded form when the journal is written.
public struct JournalPayload: Sendable, CustomStringConvertible {
  enum Storage: Sendable {
    case value(any Sendable)
    case read(typeName: String, description: String, json: String?)
  }

  let storage: Storage

  /// A payload that keeps `value` as it is.
  public init(_ value: any Sendable) {
    storage = .value(value)
  }

  /// A payload read back from a journal file: its type's name, its description and, when it was
  /// `Codable`, its encoded form (JSON text).
  public init(typeName: String, description: String, json: String?) {
    storage = .read(typeName: typeName, description: description, json: json)
  }

  /// The value as it was recorded; `nil` for a payload read from a file (decode ``json`` instead).
  public var value: (any Sendable)? {
    if case .value(let value) = storage { return value }
    return nil
  }

  /// The value's type, fully qualified (`String(reflecting:)`, as in `Diary.ListReactor.Action`).
  public var typeName: String {
    switch storage {
    case .value(let value): return String(reflecting: type(of: value))
    case .read(let typeName, _, _): return typeName
    }
  }

  /// The value as `String(describing:)` writes it. It may hold any text, control characters
  /// included: escape it before showing it in a terminal.
  public var description: String {
    switch storage {
    case .value(let value): return String(describing: value)
    case .read(_, let description, _): return description
    }
  }

  /// The encoded form read from a file; `nil` for a recorded payload (it is encoded when the
  /// journal is written) and for a payload that was not `Codable`.
  public var json: String? {
    if case .read(_, _, let json) = storage { return json }
    return nil
  }

  /// Whether replay can rebuild the value: its type is `Codable` (recorded), or its encoded form
  /// was read.
  public var isReplayable: Bool {
    switch storage {
    case .value(let value): return value is any Codable
    case .read(_, _, let json): return json != nil
    }
  }
}
