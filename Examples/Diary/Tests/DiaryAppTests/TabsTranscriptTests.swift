import ReactorFlowTesting
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: tabs, the settings modal, local auth (seeds 003, 004, 000)", .checksLeaks)
struct TabsTranscriptTests {
  @Test("the tabs are independent flows: each keeps its own stack")
  func tabs() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["n", "t Draft"])
      let wishlist = await session.type(">")
      #expect(wishlist.contains("Tabs:  Diary  [Wishlist]  Profile "))
      #expect(wishlist.contains("1. [ ] Spirited Away (2001)"))
      #expect(wishlist.contains("Keys: 1-3 Open"))
      #expect(await session.type("2").contains("Path: Wishlist › Parasite"))
      #expect(await session.type("w").contains("Watched"))
      #expect(await session.type("b").contains("2. [x] Parasite (2019)"))
      // Back on the diary tab, the draft is where it was left.
      let diary = await session.type("<")
      #expect(diary.contains("Path: Diary › New entry"))
      #expect(session.content.first == "Title: Draft")
      #expect(await session.type("<").contains("Tabs:  Diary   Wishlist  [Profile]"))
    }
  }

  @Test("settings: a modal flow that ends itself; the parent dismisses it and it is released")
  func settings() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["<", "s"])
      let settings = session.app.frame()
      #expect(
        settings == """
          ReactorFlow Diary
          Tabs:  Diary   Wishlist  [Profile]
          Path: Profile › Settings
          ────────────────────────────────────────────────────────────────────────────────
            Signed in as demo@reactorflow.dev
            Accent: green
          ┌─ Settings
          │ 1. Text preview
          │ 2. Accent colour
          └────────────────────────────────────────
          ────────────────────────────────────────────────────────────────────────────────
          Keys: 1 Text preview · 2 Accent colour · d Done
                b Back · ? Help · q Quit
          """)
      #expect(session.app.runningFlows.contains { $0 is SettingsFlow })
      // Seed 004's text field: upper-case and length; a digit is refused with an alert.
      await session.type(["1", "i reactor"])
      #expect(session.content == ["Upper-cased: REACTOR", "Length:      7"])
      let digit = await session.type("i abc1")
      #expect(digit.contains("\n! Digits are not allowed here: \"abc1\". Type letters only."))
      #expect(session.content == ["Upper-cased: REACTOR", "Length:      7"])
      await session.type(["b", "d"])
      #expect(session.top == "Profile")
      #expect(!session.app.runningFlows.contains { $0 is SettingsFlow })
      #expect(leaks.alive.filter { $0.contains("Settings") || $0.contains("TextField") }.isEmpty)
    }
  }

  @Test("the accent colour reaches the other tabs through a global event in transform(mutation:)")
  func accent() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["<", "s", "2"])
      #expect(session.content == ["1. green  ✓", "2. blue", "3. magenta", "4. yellow"])
      await session.type("2")
      #expect(session.content == ["1. green", "2. blue  ✓", "3. magenta", "4. yellow"])
      await session.type(["b", "d"])
      #expect(session.content.contains("Accent: blue"))
      #expect(await session.type(">").contains("Accent: blue"))
      #expect(await session.type(">").contains("Accent: blue"))
    }
  }

  @Test("swiping the settings sheet down (back) dismisses it: its flow is released without ending")
  func dismissSheet() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      await session.type(["<", "s", "1"])
      await session.type(["b", "b"])
      #expect(session.top == "Profile")
      #expect(!session.app.runningFlows.contains { $0 is SettingsFlow })
      #expect(leaks.alive.filter { $0.contains("Settings") || $0.contains("TextField") }.isEmpty)
      // The profile still works: the settings open again.
      #expect(await session.type("s").contains("┌─ Settings\n"))
    }
  }

  @Test("local auth: a PIN (the step's payload names the place) guards private notes; back to root")
  func localAuth() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      let pin = await session.type(["<", "l"])
      #expect(pin.contains("Path: Profile › PIN\n"))
      #expect(pin.contains("┌─ PIN\n"))
      // An over-full-screen modal hides what is behind it: the profile is not drawn.
      #expect(!pin.contains("Signed in as"))
      #expect(session.content.first == "Enter your PIN to open Private notes.")
      // A full-screen modal cannot be swiped away.
      #expect(!pin.contains("b Back"))
      #expect(await session.type("p 0000").contains("Wrong PIN (1 attempt). Try again."))
      let notes = await session.type("p 1234")
      #expect(notes.contains("Path: Profile › Private notes"))
      #expect(leaks.alive.filter { $0.hasPrefix("PIN") || $0.contains("\"PIN\"") }.isEmpty)
      let root = await session.type("r")
      #expect(root.contains("Tabs: [Diary]  Wishlist   Profile "))
      #expect(root.contains("Path: Diary\n"))
      #expect(leaks.alive.filter { $0.contains("PrivateNotes") }.isEmpty)
      #expect(await session.type("<").contains("Path: Profile\n"))
    }
  }

  @Test(
    "--trace prints the journal's entries — steps, actions, mutations, will/did-navigate — in the order they happen"
  )
  func trace() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks, trace: true)
      await session.start()
      await session.type("e demo@reactorflow.dev")
      await session.type("p reactor123")
      let signIn = "AppFlow/0 > AuthFlow/0 > SignInReactor/0"
      #expect(
        session.traceLines == [
          // The launch screen's own first action is sent as it appears, before its reactor joins
          // the flow (and the journal): the trace shows what the journal records.
          "step        AppFlow/0  launchIsRequired",
          "navigation  AppFlow/0  will navigate launchIsRequired",
          "navigation  AppFlow/0  did navigate launchIsRequired",
          "step        AppFlow/0 > LaunchReactor/0  launchIsComplete",
          "navigation  AppFlow/0  will navigate launchIsComplete",
          "navigation  AppFlow/0  did navigate launchIsComplete",
          "step        AppFlow/0 > AuthFlow/0  loginIsRequired",
          "navigation  AppFlow/0 > AuthFlow/0  will navigate loginIsRequired",
          "navigation  AppFlow/0 > AuthFlow/0  did navigate loginIsRequired",
          "action      \(signIn)  emailDidUpdate(\"demo@reactorflow.dev\")",
          "mutation    \(signIn)  setEmail(\"demo@reactorflow.dev\")",
          // The password is never traced, nor its length.
          "action      \(signIn)  passwordDidUpdate(‹redacted›)",
          "mutation    \(signIn)  setPassword(‹redacted›)",
        ])
    }
  }
}
