import Clocks
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The frame speaks of places and of what the user did, not of how the screen tree presents
/// them; every screen has a way out that needs no secret but signing in.
@MainActor
@Suite("Demo: the user's words", .checksLeaks)
struct PlainWordsTests {
  @Test("the PIN prompt can be cancelled with b, back to the profile")
  func cancelThePIN() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      let prompt = await session.type([">", ">", "l"])
      #expect(session.top == "PIN")
      #expect(prompt.contains("b Cancel"))
      let back = await session.type("b")
      #expect(!back.contains("Unknown key"))
      #expect(session.top == "Profile")
      #expect(session.app.window.topScreen?.presentingScreen == nil)
    }
  }

  @Test("modals are named by their place: the path shows where the user is, no presentation style")
  func placesNotStyles() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      let signIn = await session.start()
      #expect(signIn.contains("Path: Sign in\n"))
      await session.type(["e demo@reactorflow.dev", "p reactor123", "s"])
      let settings = await session.type([">", ">", "s"])
      #expect(settings.contains("Path: Profile › Settings\n"))
      let pin = await session.type(["b", "l"])
      #expect(pin.contains("Path: Profile › PIN\n"))
      for frame in [signIn, settings, pin] {
        for jargon in ["fullScreen", "pageSheet", "overFullScreen", " over \"", "Launch"] {
          #expect(!frame.contains(jargon), "\(jargon) in\n\(frame)")
        }
      }
    }
  }

  @Test("arrow keys are ignored, with a hint the first time only")
  func arrowKeys() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      await session.signIn()
      let first = await session.type("\u{1B}[A\u{1B}[D")
      #expect(!first.contains("Unknown key"))
      #expect(FrameChecks.words(first).contains("Arrow keys do nothing here"))
      let second = await session.type("\u{1B}[B")
      #expect(!second.contains("Unknown key"))
      #expect(!second.contains("Arrow keys"))
      #expect(session.top == "Diary")
    }
  }

  @Test("--in-memory: the last words say that nothing was kept")
  func inMemoryFarewell() async throws {
    let output = try CapturedOutput()
    let app = try DiaryApplication(
      storage: .inMemory, clock: ImmediateClock(), networkLatency: .zero, launchDelay: .zero)
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let run = Task {
      await TerminalSession.runLive(app, events: events, output: output.output, trace: TraceBuffer())
    }
    continuation.yield(.line("q"))
    continuation.finish()
    #expect(await run.value == 0)
    let last = try output.text().components(separatedBy: "\u{1B}[H\u{1B}[2J").last ?? ""
    #expect(last == "diary: bye (nothing was kept: --in-memory keeps the diary in memory only)\n")
  }
}
