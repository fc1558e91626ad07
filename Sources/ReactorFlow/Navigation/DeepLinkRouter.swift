/// Turns deep links into steps with a table of routes: `"movies/:id"` matches
/// `myapp://movies/42` and gives `:id` = `"42"`.
///
/// ```swift
/// let router = DeepLinkRouter(scheme: "myapp")
///   .route("movies/:id") { link in AppStep.movieIsPicked(withId: try link.int("id")) }
///   .route("settings") { _ in AppStep.settingsAreRequired }
/// FlowCoordinator().navigate(to: try router.step(for: "myapp://movies/42"))
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
  ///
  /// A ``DeepLinkError`` that `make` throws (from ``Match/int(_:)``, or your own) rejects the
  /// link with that error; any other error rejects it as ``DeepLinkError/routeFailed(route:reason:)``.
  public func route(
    _ pattern: String, _ make: @escaping @Sendable (Match) throws -> Step
  ) -> DeepLinkRouter {
    var copy = self
    copy.routes.append(
      Route(segments: pattern.split(separator: "/").map(String.init), pattern: pattern) { match in
        do {
          return .success(try make(match))
        } catch let error as DeepLinkError {
          return .failure(error)
        } catch {
          return .failure(.routeFailed(route: pattern, reason: String(describing: error)))
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
    hot.value.recorder?.recordDeepLink(text)
    do {
      navigateWithoutRecording(to: try router.step(for: text))
      return nil
    } catch {
      report(.rejectedDeepLink(error))
      return error
    }
  }
}
