/// A password or a PIN: kept as typed while the app runs, written to a journal (and to `--trace`)
/// as its length only — a recorded session can be shared without the user's secrets. A replay
/// reads back bullets of the same length: the form's checks (at least 8 characters) hold, and
/// what the secret was checked against (the sign-in call, the PIN check) is an effect whose
/// recorded answer the replay delivers.
struct Secret: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The secret as typed.
  var value: String

  init(_ value: String) { self.value = value }

  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(String(repeating: "•", count: value.count))
  }

  /// `<10 characters>`.
  var description: String { "<\(value.count) characters>" }
}
