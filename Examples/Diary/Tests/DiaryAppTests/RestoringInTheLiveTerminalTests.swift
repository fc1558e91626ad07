import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: the live terminal restores the last session, after the sign-in", .checksLeaks)
struct RestoringInTheLiveTerminalTests {
  @Test("the relaunched app stops at the sign-in, and comes back to the movie once the user signs in")
  func live() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + [">", "1"], database: database, journal: journal, restoring: false)
    let app = try DiaryApplication(
      storage: .file(database), clock: ImmediateClock(), networkLatency: .zero, launchDelay: .zero)
    let output = try CapturedOutput()
    let recording = SessionRecording(app: app, to: journal)
    let restoration = try SessionRestoration.reading(contentsOf: journal, into: app)
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for command in RestoringOnRelaunchTests.signIn { continuation.yield(.line(command)) }
    continuation.yield(.line("q"))
    continuation.finish()
    let code = await TerminalSession.runLive(
      app, events: events, output: output.output, trace: TraceBuffer(), recording: recording,
      restoration: restoration)
    #expect(code == 0)
    let frames = try output.text().components(separatedBy: "\u{1B}[H\u{1B}[2J")
    // The sign-in frame is drawn with the first command's: the commands are all waiting.
    #expect(frames.contains { $0.contains("Sign in") })
    let restored = try #require(frames.last { $0.contains("You are back where you left.") })
    #expect(restored.contains("Spirited Away"), "\(restored)")
    #expect(restoration?.restoration.status == .finished)
  }
}
