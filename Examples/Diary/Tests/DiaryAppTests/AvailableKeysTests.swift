import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// A screen offers the keys that work in its state; why one does not work is said on the screen
/// itself, where the next message does not replace it.
@MainActor
@Suite("Demo: keys offered only when they work", .checksLeaks)
struct AvailableKeysTests {
  @Test("with an unsaved draft, the list offers no n and the entry no e; the reason stays on screen")
  func draftBlocksNewAndEdit() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Saved", "s", "b", "n", "t Half written", "b"])
      let list = session.app.frame()
      #expect(!list.contains("n New entry"))
      let reason = "new entries and edits wait until then"
      #expect(FrameChecks.words(list).contains(reason))
      // Typed anyway, and a key typed ahead: the reason is still there.
      #expect(FrameChecks.words(await session.type(["n", "zz"])).contains(reason))
      let entry = await session.type("1")
      #expect(session.top == "Saved")
      #expect(!entry.contains("e Edit"))
      let typedAhead = await session.type(["e", "zz"])
      #expect(session.top == "Saved")
      #expect(FrameChecks.words(typedAhead).contains("Editing waits for your unsaved draft"))
      // Typed alone, the key says why it does nothing (not "Unknown key").
      let typed = await session.type("e")
      #expect(!typed.contains("Unknown key"))
      #expect(FrameChecks.words(typed).contains("Editing waits for your unsaved draft"))
      await session.type(["b", "discard"])
      #expect(session.app.frame().contains("n New entry"))
    }
  }
}
