import ReactorFlow
import Testing

/// A deep link's decoded text quoted in an error's message (shown in a terminal or a log) must
/// not carry a raw line separator (forging a log line) or a bidi control (reordering the text).
@Suite("Flow: deep-link error messages escape line separators and bidi controls")
struct DeepLinkErrorMessagesEscapeBidiAndLineSeparatorsTests {
  static let router = DeepLinkRouter(scheme: "myapp")
    .route("movies/:id") { match throws(DeepLinkError) in AnyStep(try match.int("id")) }

  struct AnyStep: Step { var id: Int; init(_ id: Int) { self.id = id } }

  @Test("U+2028 and U+202E decoded from %E2%80%A8 and %E2%80%AE are escaped in the message")
  func escapesThem() {
    do {
      _ = try Self.router.step(for: "myapp://movies/1%E2%80%A8ok%E2%80%AEexe.txt")
      Issue.record("accepted")
    } catch {
      let raw = error.description.unicodeScalars.filter { [0x2028, 0x202E].contains($0.value) }
      #expect(raw.isEmpty, "\(error.description.debugDescription)")
    }
  }
}
