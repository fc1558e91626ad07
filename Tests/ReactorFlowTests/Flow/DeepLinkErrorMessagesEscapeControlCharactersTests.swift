import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

/// A deep link's text is untrusted: percent-decoded control characters must never reach a
/// terminal or a log raw through an error's message.
@Suite("Flow: deep-link error messages show control characters escaped")
struct DeepLinkErrorMessagesEscapeControlCharactersTests {
  static let router = DeepLinkRouter(scheme: "myapp")
    .route("movies/:id") { match throws(DeepLinkError) in DemoStep.movieIsPicked(withId: try match.int("id"))
    }

  /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  static func hasControlCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test(
    "a decoded escape sequence, bell, newline, DEL or C1 control is escaped in the message",
    arguments: [
      "myapp://movies/%1B]0;owned%07%0A",  // invalidParameter: a terminal title change and a new line
      "myapp://%1B[2J%0D/x",  // unknownRoute: clear the screen, carriage return
      "myapp://movies/%7F%C2%9B31m",  // DEL, then CSI as a C1 control
    ])
  func escapesControlCharacters(link: String) throws {
    do {
      _ = try Self.router.step(for: link)
      Issue.record("\(link) was accepted")
    } catch {
      #expect(!Self.hasControlCharacter(error.description), "\(error.description)")
      // The message still shows where the characters were, readably.
      #expect(error.description.contains("\\u{"), "\(error.description)")
    }
  }

  @Test("the error's values keep the decoded text, for code that inspects them")
  func valuesKeepTheText() {
    #expect(
      throws: DeepLinkError.invalidParameter("id", value: "\u{1B}]0;owned\u{07}\n", expected: "an integer")
    ) {
      try Self.router.step(for: "myapp://movies/%1B]0;owned%07%0A")
    }
  }

  @Test("a diagnostic about a rejected link carries no control character")
  func diagnosticIsEscaped() async {
    let diagnostics = await withDiagnostics {
      let coordinator = FlowCoordinator()
      _ = coordinator.navigate(toDeepLink: "myapp://movies/%1B]0;owned%07", with: Self.router)
    }
    // The case keeps the link's text as it came; the message escapes it.
    #expect(
      diagnostics == [
        .flow(
          .rejectedDeepLink(.invalidParameter("id", value: "\u{1B}]0;owned\u{07}", expected: "an integer")))
      ])
    for message in diagnostics.messages { #expect(!Self.hasControlCharacter(message), "\(message)") }
  }
}
