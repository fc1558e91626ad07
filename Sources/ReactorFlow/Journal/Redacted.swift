/// A value a journal must never hold — a password, a token, a PIN as it is typed — marked where it
/// is declared: a field of a reactor's state, an action's or a mutation's payload, a step's.
///
/// A journal writes it as `‹redacted›`, never its value: in a file's encoded values, in the
/// descriptions kept beside them, in timelines and diagnostics. Everything else treats it as
/// the value it wraps: the app reads and compares it as usual, and a `Codable` type that holds
/// it encodes the value for any other encoder (the app's own storage). A replay does not need
/// the secret: the effects that used it are replayed from their recorded outputs, so a journal
/// of a sign-in replays faithfully without the password; the value it decodes in a replay is
/// the type's stand-in (``RedactedStandIn``: an empty string, zero, `nil`).
///
/// ```swift
/// struct AccountState {
///   var email = ""
///   @Redacted var password = ""
/// }
///
/// enum AccountAction {
///   case typePassword(Redacted<String>)
/// }
///
/// let account = AccountState(email: "a@example.com", password: "hunter2")
/// print(account.password)  // hunter2
/// print(AccountAction.typePassword(Redacted("hunter2")))  // typePassword(‹redacted›)
/// ```
@propertyWrapper
public struct Redacted<Value> {
  /// The value itself: what the app reads.
  public var wrappedValue: Value

  /// Marks `wrappedValue` as a value no journal may hold.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Marks `value` as a value no journal may hold.
  public init(_ value: Value) {
    wrappedValue = value
  }

  /// What a journal writes in its place.
  public static var marker: String { "‹redacted›" }
}

extension Redacted: Sendable where Value: Sendable {}
extension Redacted: Equatable where Value: Equatable {}
extension Redacted: Hashable where Value: Hashable {}

extension Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `‹redacted›`, whatever the value: a description is what a journal keeps beside a value.
  public var description: String { Self.marker }
  /// `‹redacted›`, whatever the value.
  public var debugDescription: String { Self.marker }
  /// No children: `dump` and the descriptions of the types that hold it show no value.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension CodingUserInfoKey {
  /// Set to `true` in the `userInfo` of an encoder that writes a journal: ``Redacted`` values
  /// encode as their marker under it.
  public static var reactorFlowJournal: CodingUserInfoKey {
    CodingUserInfoKey(rawValue: "ReactorFlow.journal")!
  }
}

extension Redacted: Encodable where Value: Encodable {
  /// The value, unless `encoder` writes a journal (`CodingUserInfoKey.reactorFlowJournal` set to
  /// `true` in its `userInfo`): then the marker.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if encoder.userInfo[.reactorFlowJournal] as? Bool == true {
      try container.encode(Self.marker)
    } else {
      try container.encode(wrappedValue)
    }
  }
}

extension Redacted: Decodable where Value: Decodable & RedactedStandIn {
  /// The value, or — where a journal wrote the marker — the type's stand-in.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self), text == Self.marker {
      wrappedValue = Value.redactedStandIn
    } else {
      wrappedValue = try container.decode(Value.self)
    }
  }
}

/// The value a ``Redacted`` value read back from a journal gets in place of the secret.
public protocol RedactedStandIn {
  /// The stand-in: empty, zero, `nil`.
  static var redactedStandIn: Self { get }
}

extension String: RedactedStandIn {
  /// The empty string.
  public static var redactedStandIn: String { "" }
}

extension Int: RedactedStandIn {
  /// Zero.
  public static var redactedStandIn: Int { 0 }
}

extension Array: RedactedStandIn {
  /// The empty array.
  public static var redactedStandIn: Array { [] }
}

extension Optional: RedactedStandIn {
  /// `nil`.
  public static var redactedStandIn: Optional { nil }
}
