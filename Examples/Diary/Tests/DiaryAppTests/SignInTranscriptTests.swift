import ReactorFlowTesting
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: launch and sign-in (seeds 002 and 000)", .checksLeaks)
struct SignInTranscriptTests {
  @Test("the launch screen moves on by itself to the sign-in flow, presented full screen over it")
  func launchThenSignIn() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      session.app.start()
      #expect(session.top == "Launch")
      #expect(session.content.contains("   ◆  Loading your diary…"))
      await session.app.settle()
      #expect(
        session.app.frame() == """
          ReactorFlow Diary
          Path: Sign in
          ────────────────────────────────────────────────────────────────────────────────
          ┌─ Sign in
          │ Email:    —
          │ Password: —
          │ 
          │ Demo account: demo@reactorflow.dev (f finds its password)
          └────────────────────────────────────────
          ────────────────────────────────────────────────────────────────────────────────
          Keys: e <email> Email · p <password> Password · s Sign in · c Cancel
                f Find password
                ? Help · q Quit
          """)
    }
  }

  @Test("the form is validated in the reactor; each error is shown once, through @Pulse")
  func validation() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      #expect(await session.type("s").contains("! Enter your email first: e you@example.com"))
      // The alert is a pulse: the next command does not show it again.
      #expect(!(await session.type("e demo")).contains("!"))
      #expect(await session.type("s").contains("! \"demo\" is not an email address (like you@example.com)."))
      await session.type("e demo@reactorflow.dev")
      await session.type("p short")
      #expect(await session.type("s").contains("! The password has at least 8 characters."))
      await session.type("p wrong-password")
      let wrong = await session.type("s")
      #expect(wrong.contains("! Wrong password. Use \"f\" if you forgot it."))
      #expect(wrong.contains("Path: Sign in"))
      await session.type(["e someone@example.com", "p reactor123"])
      #expect(
        FrameChecks.words(await session.type("s")).contains(
          "! No account uses someone@example.com. The demo account is demo@reactorflow.dev."))
      #expect(session.top == "Sign in")
    }
  }

  @Test("find password: pushed in the auth flow, asks the auth service, back pops it and releases it")
  func findPassword() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      #expect(await session.type("f").contains("Path: Sign in › Find password\n"))
      await session.type("e nobody@example.com")
      #expect(await session.type("s").contains("No account uses nobody@example.com."))
      await session.type("e demo@reactorflow.dev")
      // The frame wraps the line at the box's width; the screen's content holds it whole.
      await session.type("s")
      #expect(session.content.contains("The demo password is reactor123 (no mail is sent in the demo)."))
      let back = await session.type("b")
      #expect(back.contains("Path: Sign in\n"))
      #expect(leaks.alive.filter { $0.contains("FindPassword") }.isEmpty)
    }
  }

  @Test("signing in ends the auth flow: the tabs replace the launch screen, and auth is released")
  func signIn() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      let tabs = await session.signIn()
      #expect(
        tabs == """
          ReactorFlow Diary
          Tabs: [Diary]  Wishlist   Profile 
          Path: Diary
          ────────────────────────────────────────────────────────────────────────────────
          Accent: green

          No entries yet. Press n to write the first one.
          ────────────────────────────────────────────────────────────────────────────────
          Keys: n New entry
                < > Tabs · ? Help · q Quit
          """)
      // The app flow and the three tab flows run; the auth flow ended.
      #expect(
        session.app.runningFlows.map { "\(type(of: $0))" }.sorted() == [
          "AppFlow", "DiaryFlow", "ProfileFlow", "WishlistFlow",
        ])
      let gone = ["AuthFlow", "SignInReactor", "LaunchReactor", "screen \"Sign in\"", "screen \"Launch\""]
      #expect(leaks.alive.filter { name in gone.contains { name.hasPrefix($0) } }.isEmpty)
    }
  }

  @Test("an unknown key, a key without its text, and a key with text it does not take are explained")
  func badKeys() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      #expect(
        await session.type("z").hasSuffix(
          "Unknown key \"z\". Type one of the keys listed above, or ? for help."))
      #expect(await session.type("e").hasSuffix("\"e\" needs text after it: e <email>"))
      #expect(await session.type("s now").hasSuffix("\"s\" takes no text; type s alone."))
      let help = await session.type("?")
      #expect(help.contains("  e <email>  Email"))
      #expect(help.contains("  q  Quit"))
      #expect(session.top == "Sign in")
      await session.type("q")
      #expect(session.app.isFinished)
    }
  }

  @Test("cancelling a sign-in in flight drops its result")
  func cancel() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.start()
      await session.type(["e demo@reactorflow.dev", "p reactor123"])
      // Two commands in one turn, as a fast typist in a live terminal would: no settling between.
      session.app.handle("s")
      #expect(session.content.contains("Signing in…"))
      session.app.handle("c")
      await session.app.settle()
      #expect(session.top == "Sign in")
      #expect(session.app.frame().contains("! Sign-in cancelled."))
      #expect(!session.content.contains("Signing in…"))
    }
  }
}
