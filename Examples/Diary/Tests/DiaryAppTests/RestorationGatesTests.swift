import Foundation
import Testing

@testable import DiaryApp

/// `diary run --restore FILE` passes a gate — the sign-in, the private notes' PIN — only when the
/// user takes its way through in this run: signing in, the right PIN. Anything else done at a
/// gate (finding a password, a wrong PIN) leaves the app there, with nothing restored behind it.
@MainActor
@Suite("Demo: --restore passes the sign-in and the PIN only by signing in and by the right PIN", .checksLeaks)
struct RestorationGatesTests {
  /// The frame after the last command of a transcript.
  static func lastFrame(_ transcript: String, after command: String) throws -> String {
    try #require(transcript.components(separatedBy: "> \(command)\n").dropFirst().last)
  }

  @Test("a script holding nothing but f (find password): the app stays in the sign-in, nothing behind it")
  func findPasswordDoesNotPassTheSignIn() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    // Find password opened and left, then signed in, a movie open on the wishlist, then the
    // profile: the journal records `findPasswordIsRequired` after the sign-in's gate, and taking it
    // again does not pass the gate.
    _ = try await RestoringOnRelaunchTests.session(
      ["f", "b"] + RestoringOnRelaunchTests.signIn + [">", "1", ">"], database: database, journal: journal,
      restoring: false)
    let recorded = try Data(contentsOf: journal)

    let transcript = try await RestoringOnRelaunchTests.session(
      ["f"], database: database, journal: journal, restoring: true)
    #expect(transcript.contains("Sign in again to come back to where you left."))
    #expect(!transcript.contains("Signed in as"), "\(transcript)")
    #expect(!transcript.contains("You are back where you left"), "\(transcript)")
    #expect(!transcript.contains("Spirited Away"), "\(transcript)")
    #expect(!transcript.contains("Tabs:"), "\(transcript)")
    let last = try Self.lastFrame(transcript, after: "f")
    #expect(last.contains("Path: Sign in › Find password"), "\(last)")
    // The file still holds the session it restores: a later relaunch that signs in comes back.
    #expect(try Data(contentsOf: journal) == recorded)
    let again = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn, database: database, journal: journal, restoring: true)
    let back = try Self.lastFrame(again, after: "s")
    #expect(back.contains("Signed in as"), "\(back)")
    #expect(back.contains("You are back where you left."))
  }

  @Test("a wrong PIN at the private notes' gate does not open the private notes")
  func wrongPINDoesNotPassThePIN() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + [">", ">", "l", "p 0000", "p 1234"], database: database,
      journal: journal, restoring: false)

    let transcript = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + ["p 0000"], database: database, journal: journal, restoring: true)
    #expect(transcript.contains("Type your PIN again to come back to where you left."))
    let last = try Self.lastFrame(transcript, after: "p 0000")
    #expect(last.contains("Wrong PIN (1 attempt). Try again."), "\(last)")
    #expect(last.contains("Path: Profile › PIN"), "\(last)")
    #expect(!transcript.contains("The demo keeps no secrets."), "\(transcript)")
    #expect(!transcript.contains("You are back where you left"), "\(transcript)")
  }
}
