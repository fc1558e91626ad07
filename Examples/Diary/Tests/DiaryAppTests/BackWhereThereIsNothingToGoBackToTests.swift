import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The help says "Everywhere: b back"; at a tab's first screen `b` said "Unknown key".
@MainActor
@Suite("Demo: b where there is nothing to go back to", .checksLeaks)
struct BackWhereThereIsNothingToGoBackToTests {
  @Test("b where there is nothing to go back to says so, not \"Unknown key\"")
  func backAtATabRoot() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      let signIn = await session.type("b")
      #expect(!signIn.contains("Unknown key"), "\(signIn)")
      #expect(signIn.hasSuffix("\nNothing to go back to."), "\(signIn)")
      #expect(session.top == "Sign in")
      await session.type(RestoringOnRelaunchTests.signIn)
      for tab in ["Diary", "Wishlist", "Profile"] {
        let frame = await session.type("b")
        #expect(!frame.contains("Unknown key"), "\(frame)")
        #expect(frame.hasSuffix("\nNothing to go back to."), "\(frame)")
        #expect(frame.contains("Path: \(tab)\n"))
        await session.type(">")
      }
      #expect(await session.type("b now").hasSuffix("\"b\" takes no text; type b alone."))
    }
  }
}
