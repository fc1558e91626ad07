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
  /// The route's closure threw an error that is not a `DeepLinkError` (`reason` is its
  /// description).
  case routeFailed(route: String, reason: String)

  /// What is wrong with the link and how to fix it, in one or two sentences. The link's own
  /// text is quoted with its control characters escaped (`\u{1B}`): the link is untrusted, and
  /// the message may be shown in a terminal or written to a log.
  public var description: String {
    let quoted = ReactorFlowDiagnostics.escapingControlCharacters
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
        "\(quoted(scheme))" is not a valid scheme: it must start with a letter and contain only letters, \
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
      return "The scheme \"\(quoted(scheme))\" is not handled; links must start with `\(expected)://`."
    case .unknownRoute(let route):
      return "No route matches \"\(quoted(route))\". Check the link, or register a route for it."
    case .missingParameter(let name, let route):
      return "The route \"\(quoted(route))\" needs the parameter \"\(quoted(name))\", which the link lacks."
    case .invalidParameter(let name, let value, let expected):
      return "The parameter \"\(quoted(name))\" is \"\(quoted(value))\", which is not \(expected)."
    case .routeFailed(let route, let reason):
      return """
        The route "\(quoted(route))" failed: \(quoted(reason)). Its closure threw an error that is not \
        a DeepLinkError; throw a DeepLinkError (such as .invalidParameter) to reject a link, or \
        handle the error in the closure.
        """
    }
  }
}
