import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Flow: deep links from untrusted text", .checksLeaks)
struct DeepLinkTests {
  static let router = DeepLinkRouter(scheme: "myapp")
    .route("movies/:id") { match throws(DeepLinkError) in DemoStep.movieIsPicked(withId: try match.int("id"))
    }
    .route("cast/:id") { match throws(DeepLinkError) in DemoStep.castIsPicked(withId: try match.int("id")) }
    .route("settings") { _ in DemoStep.settingsAreRequired }

  @Test("a link is parsed into scheme, host, decoded path and query")
  func parses() throws {
    let link = try DeepLink(parsing: "MyApp://movies/42%20x/cast?tab=main%26more&q=a+b#frag")
    #expect(link.scheme == "myapp")
    #expect(link.host == "movies")
    #expect(link.path == ["42 x", "cast"])
    #expect(link.query == [.init(name: "tab", value: "main&more"), .init(name: "q", value: "a b")])
  }

  @Test("routes turn links into steps")
  func routes() throws {
    #expect(try Self.router.step(for: "myapp://movies/42") as? DemoStep == .movieIsPicked(withId: 42))
    #expect(try Self.router.step(for: "myapp://settings") as? DemoStep == .settingsAreRequired)
  }

  @Test(
    "bad links are typed errors that say what is wrong",
    arguments: [
      ("", DeepLinkError.empty),
      ("movies/42", .missingScheme),
      ("1app://x", .invalidScheme("1app")),
      ("myapp://movies/4 2", .invalidCharacter(at: 16)),
      ("myapp://movies/%zz", .invalidPercentEncoding(at: 15)),
      ("myapp://movies/%", .invalidPercentEncoding(at: 15)),
      ("myapp://movies/%C3%28", .invalidUTF8(at: 15)),
      ("other://movies/42", .unsupportedScheme("other", expected: "myapp")),
      ("myapp://movies/42/extra", .unknownRoute("movies/42/extra")),
      ("myapp://movies/forty-two", .invalidParameter("id", value: "forty-two", expected: "an integer")),
      (
        "myapp://movies/99999999999999999999999",
        .invalidParameter("id", value: "99999999999999999999999", expected: "an integer")
      ),
    ])
  func rejects(text: String, expected: DeepLinkError) {
    #expect(throws: expected) { try Self.router.step(for: text) }
    #expect(!expected.description.isEmpty)
  }

  @Test("percent-decoding keeps valid UTF-8 as sent (U+FFFD included) and rejects the rest")
  func utf8Validation() throws {
    #expect(try DeepLink(parsing: "myapp://x/%EF%BF%BD%E6%97%A5").path == ["\u{FFFD}日"])
    // A surrogate, an overlong encoding, a truncated sequence: decoding would repair them.
    for text in ["myapp://x/%ED%A0%80", "myapp://x/%C0%AF", "myapp://x/%E6%97"] {
      #expect(throws: DeepLinkError.invalidUTF8(at: 10)) { try DeepLink(parsing: text) }
    }
  }

  @Test("a link longer than the limit is rejected")
  func tooLong() {
    let text = "myapp://movies/" + String(repeating: "9", count: 5000)
    #expect(throws: DeepLinkError.tooLong(5015, limit: DeepLink.maximumLength)) {
      try Self.router.step(for: text)
    }
  }

  /// `REACTORFLOW_DEEPLINK_STRINGS` sets how many strings the fuzz test tries (CI: 100,000).
  static var fuzzCount: Int {
    guard let text = getenv("REACTORFLOW_DEEPLINK_STRINGS"), let count = Int(String(cString: text)) else {
      return 100_000
    }
    return count
  }

  /// What the router must answer for a link that parsed: the routes' documented meaning, written
  /// out by hand (the reference the fuzz test compares the router with).
  static func expectedStep(for link: DeepLink) -> Result<DemoStep, DeepLinkError> {
    guard link.scheme == "myapp" else { return .failure(.unsupportedScheme(link.scheme, expected: "myapp")) }
    let segments = (link.host.isEmpty ? [] : [link.host]) + link.path
    func id(_ text: String, _ make: (Int) -> DemoStep) -> Result<DemoStep, DeepLinkError> {
      guard let value = Int(text) else {
        // The message quotes at most 64 characters of the value.
        return .failure(.invalidParameter("id", value: String(text.prefix(64)), expected: "an integer"))
      }
      return .success(make(value))
    }
    switch segments.count {
    case 1 where segments[0] == "settings": return .success(.settingsAreRequired)
    case 2 where segments[0] == "movies": return id(segments[1]) { .movieIsPicked(withId: $0) }
    case 2 where segments[0] == "cast": return id(segments[1]) { .castIsPicked(withId: $0) }
    default: return .failure(.unknownRoute(String(segments.joined(separator: "/").prefix(200))))
    }
  }

  static func kind(of error: DeepLinkError) -> String {
    switch error {
    case .empty: "empty"
    case .tooLong: "tooLong"
    case .invalidCharacter: "invalidCharacter"
    case .missingScheme: "missingScheme"
    case .invalidScheme: "invalidScheme"
    case .invalidPercentEncoding: "invalidPercentEncoding"
    case .invalidUTF8: "invalidUTF8"
    case .unsupportedScheme: "unsupportedScheme"
    case .unknownRoute: "unknownRoute"
    case .missingParameter: "missingParameter"
    case .invalidParameter: "invalidParameter"
    case .routeFailed: "routeFailed"
    }
  }

  /// Whether a parse error is the right one for `bytes` (written from its documented meaning).
  static func parseErrorHolds(_ error: DeepLinkError, for bytes: [UInt8]) -> Bool {
    let firstInvalid = bytes.firstIndex { $0 < 0x21 || $0 == 0x7F }
    func isHex(_ index: Int) -> Bool {
      index < bytes.count
        && (UInt8(ascii: "0")...UInt8(ascii: "9") ~= bytes[index]
          || UInt8(ascii: "a")...UInt8(ascii: "f") ~= bytes[index]
          || UInt8(ascii: "A")...UInt8(ascii: "F") ~= bytes[index])
    }
    switch error {
    case .empty: return bytes.isEmpty
    case .tooLong(let length, let limit): return length == bytes.count && length > limit
    case .invalidCharacter(let index): return index == firstInvalid
    case .missingScheme: return firstInvalid == nil && !bytes.contains(UInt8(ascii: ":"))
    case .invalidScheme(let scheme):
      return firstInvalid == nil && bytes.starts(with: Array((scheme + ":").utf8))
    case .invalidPercentEncoding(let index):
      return index < bytes.count && bytes[index] == UInt8(ascii: "%")
        && !(isHex(index + 1) && isHex(index + 2))
    case .invalidUTF8(let index): return index < bytes.count && firstInvalid == nil
    default: return false  // not an error of parsing
    }
  }

  @Test("random and mutated strings: the router answers what the routes mean, or the right typed error")
  func fuzz() {
    let count = Self.fuzzCount
    var generator = SplitMix64(startingAt: 0x5EED)
    let seeds = [
      "myapp://movies/42", "myapp://cast/7?x=1", "myapp://settings", "myapp:/movies/%41",
      // Huge numbers, percent-encoded UTF-8 and bytes that are not UTF-8, nested links.
      "myapp://movies/999999999999999999999999999999", "myapp://movies/-9223372036854775809",
      "myapp://cast/%E6%97%A5%E6%9C%AC", "myapp://cast/%FF%FE%80", "myapp://movies/%2525252541",
      "myapp://movies/1?next=myapp%3A%2F%2Fmovies%2F2%3Fnext%3Dmyapp%253A%252F%252Fsettings",
      "myapp://movies/1#frag?x=%ZZ", "MYAPP://Movies/0x10", "myapp://movies//42///",
    ]
    let alphabet = Array("myapp:/%?&=#+-.0123456789abcdefXYZ é日本\u{0}\u{7F}\u{FFFD}".unicodeScalars)
    // Which outcomes came up: the generator must keep reaching each kind.
    var outcomes: Set<String> = []
    var wrong: [String] = []
    for index in 0..<count {
      var scalars = Array(seeds[index % seeds.count].unicodeScalars)
      for _ in 0..<Int(generator.next() % 6) {
        let position = Int(generator.next() % UInt64(scalars.count + 1))
        let scalar = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        switch generator.next() % 3 {
        case 0: scalars.insert(scalar, at: position)
        case 1: if position < scalars.count { scalars.remove(at: position) }
        default: if position < scalars.count { scalars[position] = scalar }
        }
      }
      var text = String(String.UnicodeScalarView(scalars))
      if index % 997 == 0 { text = String(repeating: text, count: 300) }
      if index % 991 == 0 {
        text = "myapp://movies/" + String(repeating: "%25", count: Int(generator.next() % 700))
      }
      let answer = Result { () throws(DeepLinkError) in try Self.router.step(for: text) }
      let expected: Result<DemoStep, DeepLinkError>
      do throws(DeepLinkError) {
        expected = Self.expectedStep(for: try DeepLink(parsing: text))
      } catch {
        // A link that does not parse is rejected with the parser's error, and that error is
        // the right one for the text.
        expected = .failure(error)
        if !Self.parseErrorHolds(error, for: Array(text.utf8)) {
          wrong.append("\(text.debugDescription.prefix(80)): \(error) does not hold")
        }
      }
      switch (answer, expected) {
      case (.success(let step), .success(let expectedStep)):
        if step as? DemoStep != expectedStep {
          wrong.append("\(text.debugDescription.prefix(80)): \(step), expected \(expectedStep)")
        }
        outcomes.insert("accepted")
      case (.failure(let error), .failure(let expectedError)):
        if error != expectedError || error.description.isEmpty {
          wrong.append("\(text.debugDescription.prefix(80)): \(error), expected \(expectedError)")
        }
        outcomes.insert(Self.kind(of: error))
      default:
        wrong.append("\(text.debugDescription.prefix(80)): \(answer), expected \(expected)")
      }
      if wrong.count > 10 { break }
    }
    #expect(wrong.isEmpty, "\(wrong.count) link(s) answered wrongly: \(wrong.joined(separator: "; "))")
    if count >= 10_000 {
      let kinds: Set = [
        "accepted", "tooLong", "invalidCharacter", "invalidScheme", "invalidPercentEncoding",
        "invalidUTF8", "unsupportedScheme", "unknownRoute", "invalidParameter",
      ]
      #expect(kinds.isSubset(of: outcomes), "outcomes never reached: \(kinds.subtracting(outcomes).sorted())")
    }
  }

  @MainActor
  @Test("a rejected deep link is reported on the coordinator's diagnostics; nothing navigates")
  func rejectedLinkIsReported() async {
    let tester = FlowTester()
    let flow = LoggingFlow("app")
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: flow)
    let error = tester.coordinator.navigate(toDeepLink: "myapp://nowhere", with: Self.router)
    #expect(error == .unknownRoute("nowhere"))
    tester.expectDiagnostics([.rejectedDeepLink(.unknownRoute("nowhere"))])
    tester.coordinator.navigate(toDeepLink: "myapp://elsewhere", with: Self.router)
    tester.expectDiagnostics(["No route matches \"elsewhere\""])  // by its text
    tester.coordinator.navigate(toDeepLink: "myapp://movies/7", with: Self.router)
    tester.expectSteps(["LoggingFlow: movieIsPicked(withId: 7)"])
    await tester.finish()
  }
}
