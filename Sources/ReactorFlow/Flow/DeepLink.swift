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

/// Why a deep link was rejected. Each message says what is wrong and how to fix it.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is empty.
  case empty
  /// The text is longer, in UTF-8 bytes, than the limit (``DeepLink/maximumLength``).
  case tooLong(Int, limit: Int)
  /// The text has a space or a control character at this byte offset.
  case invalidCharacter(at: Int)
  /// The text has no `scheme:` prefix.
  case missingScheme
  /// The scheme does not start with a letter or has a character other than letters, digits,
  /// `+`, `-` and `.`.
  case invalidScheme(String)
  /// A `%` at this byte offset is not followed by two hexadecimal digits.
  case invalidPercentEncoding(at: Int)
  /// The percent-decoded part at this byte offset is not valid UTF-8.
  case invalidUTF8(at: Int)
  /// The scheme is not the one the router handles (`expected`).
  case unsupportedScheme(String, expected: String)
  /// No route of the router matches this path.
  case unknownRoute(String)
  /// The route matched but the link lacks this parameter.
  case missingParameter(String, route: String)
  /// A parameter has a value of the wrong form (`expected` says which: "an integer"…).
  case invalidParameter(String, value: String, expected: String)

  /// What is wrong with the link and how to fix it, in one or two sentences.
  public var description: String {
    switch self {
    case .empty:
      return "The deep link is empty. Pass a link such as `myapp://movies/42`."
    case .tooLong(let length, let limit):
      return "The deep link is \(length) bytes long; at most \(limit) are accepted. Shorten it."
    case .invalidCharacter(let index):
      return """
        The deep link has a space or control character at byte \(index). Percent-encode it \
        (a space is %20).
        """
    case .missingScheme:
      return "The deep link has no scheme. Start it with one, as in `myapp://…`."
    case .invalidScheme(let scheme):
      return """
        "\(scheme)" is not a valid scheme: it must start with a letter and contain only letters, \
        digits, "+", "-" and ".".
        """
    case .invalidPercentEncoding(let index):
      return """
        The deep link has a "%" at byte \(index) not followed by two hexadecimal digits. Encode a \
        literal "%" as %25.
        """
    case .invalidUTF8(let index):
      return "The part of the deep link at byte \(index) does not decode to valid UTF-8 text."
    case .unsupportedScheme(let scheme, let expected):
      return "The scheme \"\(scheme)\" is not handled; links must start with `\(expected)://`."
    case .unknownRoute(let route):
      return "No route matches \"\(route)\". Check the link, or register a route for it."
    case .missingParameter(let name, let route):
      return "The route \"\(route)\" needs the parameter \"\(name)\", which the link lacks."
    case .invalidParameter(let name, let value, let expected):
      return "The parameter \"\(name)\" is \"\(value)\", which is not \(expected)."
    }
  }
}

/// Turns deep links into steps with a table of routes: `"movies/:id"` matches
/// `myapp://movies/42` and gives `:id` = `"42"`.
///
/// ```swift
/// let router = DeepLinkRouter(scheme: "myapp")
///   .route("movies/:id") { link in DemoStep.movieIsPicked(withId: try link.int("id")) }
///   .route("settings") { _ in DemoStep.settingsAreRequired }
/// coordinator.navigate(to: try router.step(for: "myapp://movies/42"))
/// ```
public struct DeepLinkRouter: Sendable {
  /// The values a matched route received.
  public struct Match: Sendable {
    /// The parsed link.
    public let link: DeepLink
    /// The route's pattern.
    public let route: String
    /// The `:name` path parameters.
    public let parameters: [String: String]

    /// The parameter (or query item) `name`.
    public func string(_ name: String) throws(DeepLinkError) -> String {
      if let value = parameters[name] ?? link.queryValue(name) { return value }
      throw .missingParameter(name, route: route)
    }

    /// The parameter (or query item) `name` as an integer.
    public func int(_ name: String) throws(DeepLinkError) -> Int {
      let value = try string(name)
      guard let number = Int(value) else {
        throw .invalidParameter(name, value: String(value.prefix(64)), expected: "an integer")
      }
      return number
    }
  }

  /// A registered route. Its closure returns a `Result`: a stored typed-throws function type
  /// needs runtime support that only macOS 15 / iOS 18 have.
  private struct Route: Sendable {
    let segments: [String]
    let pattern: String
    let make: @Sendable (Match) -> Result<Step, DeepLinkError>
  }

  private let scheme: String
  private var routes: [Route] = []

  /// A router for links of `scheme`.
  public init(scheme: String) {
    self.scheme = scheme.lowercased()
  }

  /// Adds a route: `pattern` is the host and path, `/`-separated, `:name` for a parameter.
  public func route(
    _ pattern: String, _ make: @escaping @Sendable (Match) throws(DeepLinkError) -> Step
  ) -> DeepLinkRouter {
    var copy = self
    copy.routes.append(
      Route(segments: pattern.split(separator: "/").map(String.init), pattern: pattern) { match in
        do throws(DeepLinkError) {
          return .success(try make(match))
        } catch {
          return .failure(error)
        }
      })
    return copy
  }

  /// The step for `text`, or the error that says why the link is rejected.
  public func step(for text: String) throws(DeepLinkError) -> Step {
    let link = try DeepLink(parsing: text)
    guard link.scheme == scheme else { throw .unsupportedScheme(link.scheme, expected: scheme) }
    let segments = (link.host.isEmpty ? [] : [link.host]) + link.path
    for route in routes where route.segments.count == segments.count {
      var parameters: [String: String] = [:]
      var matches = true
      for (pattern, segment) in zip(route.segments, segments) {
        if pattern.hasPrefix(":") {
          parameters[String(pattern.dropFirst())] = segment
        } else if pattern != segment {
          matches = false
          break
        }
      }
      if matches {
        return try route.make(Match(link: link, route: route.pattern, parameters: parameters)).get()
      }
    }
    throw .unknownRoute(String(segments.joined(separator: "/").prefix(200)))
  }
}

extension FlowCoordinator {
  /// Parses `text` with `router` and sends the step to every live flow (see ``navigate(to:)``).
  /// A rejected link is reported on ``diagnostics`` and returned; nothing navigates.
  @discardableResult
  public func navigate(toDeepLink text: String, with router: DeepLinkRouter) -> DeepLinkError? {
    do {
      navigate(to: try router.step(for: text))
      return nil
    } catch {
      report(.rejectedDeepLink(error))
      return error
    }
  }
}
