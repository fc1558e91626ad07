import Foundation
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The help (`?`) in a terminal as small as 40×12 was cut to "…" under the screen, and could not
/// be read: it is now a page of its own, a key a line, that scrolls.
@MainActor
@Suite("Demo: the help can be read in a small terminal", .checksLeaks)
struct HelpInASmallTerminalTests {
  @Test("at 40×12 the help is a page of its own, one key a line, that j and k scroll and b closes")
  func helpAtTheSmallestTerminal() async throws {
    try await expectNoLeaks { leaks in
      let size = TerminalSize.minimum
      let session = try Session(leaks, size: size)
      await session.signIn()
      await session.type(["n", "t Lunch", "s", "b"])
      var page = await session.type("?")
      var pages = [page]
      for _ in 0..<20 where !page.contains("This is the end.") {
        page = await session.type("j")
        pages.append(page)
      }
      #expect(page.contains("This is the end."), "\(page)")
      // At the end, the message does not push the last line out of sight.
      #expect(page.contains("  q  Quit\n"), "\(page)")
      #expect(page.contains("Keys: k Scroll up · b Close help"), "\(page)")
      for page in pages {
        FrameChecks.expectFits(page, size)
        #expect(!page.contains("…"), "\(page)")
        #expect(page.contains("b Close help"), "\(page)")
        // The help covers the screen: the list is not drawn under it.
        #expect(!page.contains("Accent: green"), "\(page)")
      }
      #expect(FrameChecks.words(pages[0]).contains("Help: type a key and press Enter;"))
      let lines = Set(pages.flatMap(FrameChecks.plainLines).map(\.trimmingSpaces))
      for key in ["1  Open", "n  New entry", "<  Previous tab", ">  Next tab", "?  Help", "q  Quit"] {
        #expect(lines.contains(key), "\(key) in \(pages)")
      }
      // Back up to the top, then b closes the help: the list is there again.
      for _ in 0..<20 where !page.contains("This is the top.") { page = await session.type("k") }
      #expect(page.contains("This is the top."), "\(page)")
      #expect(page.contains("── lines 1–"), "\(page)")
      #expect(FrameChecks.words(page).contains("Help: type a key and press Enter;"))
      let closed = await session.type("b")
      #expect(closed.contains("Path: Diary\n"), "\(closed)")
      #expect(closed.contains("Accent: green"), "\(closed)")
      #expect(!closed.contains("Help:"))
      // Any other key closes the help and does what it does.
      await session.type("?")
      #expect(await session.type("1").contains("Path: Diary › Lunch"))
    }
  }

  @Test("in a transcript the help is listed under the screen, whole, and the next key works as usual")
  func helpInATranscript() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      let help = await session.type("?")
      #expect(help.contains("Accent: green"))
      #expect(help.contains("  n  New entry"))
      #expect(help.contains("  q  Quit"))
      #expect(!help.contains("…"))
      #expect(await session.type(">").contains("Path: Wishlist\n"))
    }
  }
}
