import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

/// Swift 6.0 does not infer typed throws for a closure: a route written as users write it,
/// `{ link in … try link.int("id") … }`, is a plain throwing closure. It must be accepted; a
/// `DeepLinkError` it throws rejects the link as before, and any other error is reported as
/// `.routeFailed`, naming the route.
@Suite("Flow: deep-link routes are plain throwing closures")
struct DeepLinkRoutesWithPlainThrowingClosuresTests {
  /// An app's own error, thrown by a route's closure.
  struct CatalogError: Error, CustomStringConvertible {
    let description: String
  }

  static let router = DeepLinkRouter(scheme: "myapp")
    .route("movies/:id") { link in DemoStep.movieIsPicked(withId: try link.int("id")) }
    .route("cast/:id") { link in
      let id = try link.int("id")
      guard id > 0 else { throw CatalogError(description: "no cast member \(id)\u{1B}[2J") }
      return DemoStep.castIsPicked(withId: id)
    }
    .route("settings") { _ in DemoStep.settingsAreRequired }

  @Test("a route written without `throws(DeepLinkError)` turns a link into its step")
  func naturalSpelling() throws {
    #expect(try Self.router.step(for: "myapp://movies/42") as? DemoStep == .movieIsPicked(withId: 42))
    #expect(try Self.router.step(for: "myapp://cast/7") as? DemoStep == .castIsPicked(withId: 7))
    #expect(try Self.router.step(for: "myapp://settings") as? DemoStep == .settingsAreRequired)
  }

  @Test("a DeepLinkError thrown by the closure is the rejection, unchanged")
  func deepLinkErrorIsTheRejection() {
    #expect(throws: DeepLinkError.invalidParameter("id", value: "forty-two", expected: "an integer")) {
      try Self.router.step(for: "myapp://movies/forty-two")
    }
    #expect(throws: DeepLinkError.invalidParameter("id", value: "x", expected: "an integer")) {
      try Self.router.step(for: "myapp://cast/x")
    }
  }

  @Test("any other error is .routeFailed, with the route and the error's text, control characters escaped")
  func otherErrorIsRouteFailed() throws {
    let expected = DeepLinkError.routeFailed(route: "cast/:id", reason: "no cast member 0\u{1B}[2J")
    #expect(throws: expected) { try Self.router.step(for: "myapp://cast/0") }
    #expect(expected.description.contains("cast/:id"))
    #expect(expected.description.contains(#"no cast member 0\u{1B}[2J"#))
    #expect(!expected.description.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test("the coordinator reports .routeFailed and navigates nowhere")
  @MainActor func coordinatorReportsRouteFailed() {
    let coordinator = FlowCoordinator()
    let error = coordinator.navigate(toDeepLink: "myapp://cast/0", with: Self.router)
    #expect(error == .routeFailed(route: "cast/:id", reason: "no cast member 0\u{1B}[2J"))
  }
}
