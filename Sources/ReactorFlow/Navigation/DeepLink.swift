/// A deep link parsed from untrusted text (`myapp://movies/42?tab=cast`): scheme, host, path
/// segments and query items, percent-decoded. Parsing never crashes: bad input is a
/// ``DeepLinkError`` that says what is wrong.
public struct DeepLink: Sendable, Equatable {
  /// The scheme, lowercased (`myapp`).
  public let scheme: String
  /// The host (`movies`); empty when the link has none (`myapp:/movies`).
  public let host: String
  /// The path segments, decoded (`["42"]`).
  public let path: [String]
  /// The query items, decoded, in order.
  public let query: [QueryItem]

  /// A `name=value` pair of the query.
  public struct QueryItem: Sendable, Equatable {
    /// The name, percent-decoded (`tab` in `?tab=cast`).
    public let name: String
    /// The value, percent-decoded; empty when the item has none (`?debug`).
    public let value: String

    /// Creates a query item.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The longest link accepted, in UTF-8 bytes.
  public static let maximumLength = 2048

  /// The value of the first query item named `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// Parses `text`.
  public init(parsing text: String) throws(DeepLinkError) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { throw .empty }
    guard bytes.count <= Self.maximumLength else { throw .tooLong(bytes.count, limit: Self.maximumLength) }
    if let index = bytes.firstIndex(where: { $0 < 0x21 || $0 == 0x7F }) {
      throw .invalidCharacter(at: index)
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { throw .missingScheme }
    let schemeBytes = bytes[..<colon]
    guard let first = schemeBytes.first, Self.isLetter(first),
      schemeBytes.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || "+-.".utf8.contains($0) })
    else {
      throw .invalidScheme(String(decoding: schemeBytes, as: UTF8.self))
    }
    scheme = String(decoding: schemeBytes, as: UTF8.self).lowercased()
    var rest = bytes[(colon + 1)...]
    // Drop a fragment: it never routes.
    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
    var queryBytes: ArraySlice<UInt8> = []
    if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
      queryBytes = rest[(question + 1)...]
      rest = rest[..<question]
    }
    var hostBytes: ArraySlice<UInt8> = []
    if rest.starts(with: "//".utf8) {
      rest = rest.dropFirst(2)
      let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
      hostBytes = rest[..<slash]
      rest = rest[slash...]
    }
    host = try Self.decode(hostBytes)
    var path: [String] = []
    for segment in rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
      path.append(try Self.decode(segment))
    }
    self.path = path
    var query: [QueryItem] = []
    for item in queryBytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
      let name = try Self.decode(item[..<equals], plusIsSpace: true)
      var value = ""
      if equals < item.endIndex {
        value = try Self.decode(item[(equals + 1)...], plusIsSpace: true)
      }
      query.append(QueryItem(name: name, value: value))
    }
    self.query = query
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }

  /// Percent-decodes `bytes` (a slice of the whole link, so its indices are byte offsets); the
  /// result must be valid UTF-8.
  private static func decode(
    _ bytes: ArraySlice<UInt8>, plusIsSpace: Bool = false
  ) throws(DeepLinkError) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { throw .invalidPercentEncoding(at: index) }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    // `String(validating:as:)` is macOS 15 / iOS 18. Decoding repairs invalid UTF-8 (with
    // U+FFFD), so valid input is exactly the input that comes back byte for byte.
    let string = String(decoding: decoded, as: UTF8.self)
    guard string.utf8.elementsEqual(decoded) else {
      throw .invalidUTF8(at: bytes.startIndex)
    }
    return string
  }
}
