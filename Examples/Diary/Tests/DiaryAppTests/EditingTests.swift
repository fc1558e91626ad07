import Foundation
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// What a person expects of an editor and a diary: change, insert and remove lines, delete an
/// entry (confirmed, and undone until the next key), sign out without losing a draft.
@MainActor
@Suite("Demo: editing", .checksLeaks)
struct EditingTests {
  @Test("c changes a line, i inserts one, r removes one, clear empties the text; a wrong line number is said")
  func changeInsertRemove() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Lines", "x one", "x two", "x three"])
      @MainActor func text() -> String? {
        (session.app.window.topScreen as? DiaryEditScreen)?.reactor?.currentState.draft.body.text
      }
      await session.type("c 2 TWO")
      #expect(text() == "one\nTWO\nthree")
      await session.type("i 1 zero")
      #expect(text() == "zero\none\nTWO\nthree")
      let removed = await session.type("r 3")
      #expect(text() == "zero\none\nthree")
      #expect(removed.contains("c <n> <text> Change line"))
      let wrong = await session.type("r 9")
      #expect(FrameChecks.words(wrong).contains("There is no line 9: the text has 3 lines."))
      await session.type("clear")
      #expect(text() == "")
      await session.type("s")
      #expect(session.top == "Lines")
    }
  }

  @Test("delete asks first; y deletes; u on the list brings the entry back until the next key")
  func deleteAndUndo() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Doomed", "x Its text.", "s"])
      let asked = await session.type("delete")
      #expect(FrameChecks.words(asked).contains("Delete \"Doomed\"? y deletes it; any other key keeps it."))
      await session.type("zz")
      #expect(await !session.type("y").contains("Deleted"))
      #expect(session.top == "Doomed")
      await session.type("delete")
      let list = await session.type("y")
      #expect(session.top == "Diary")
      #expect(FrameChecks.words(list).contains("Deleted \"Doomed\": u brings it back."))
      #expect(list.contains("No entries yet"))
      let back = await session.type("u")
      #expect(back.contains("1. \(DiaryDate.today(Date()))  Doomed"))
      await session.type("1")
      #expect(session.content.contains("Its text."))
      await session.type(["delete", "y", "zz"])
      let gone = await session.type("u")
      #expect(gone.contains("No entries yet"))
      #expect(!gone.contains("u Undo"))
    }
  }

  @Test("sign out keeps the unsaved entry as a draft and returns to sign-in; signing in again offers it")
  func signOut() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Unsaved", ">", ">"])
      let out = await session.type("o")
      #expect(session.top == "Sign in")
      #expect(FrameChecks.words(out).contains("Your unsaved entry \"Unsaved\" is kept as a draft"))
      #expect(session.app.runningFlows.filter { $0 is DiaryFlow }.isEmpty)
      let again = await session.type(["e demo@reactorflow.dev", "p reactor123", "s"])
      #expect(again.contains("Unsaved draft: Unsaved"))
    }
  }
}
