import Clocks
import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: a relaunch left before restoration ended does not lose where the user was", .checksLeaks)
struct RestoringAfterAnUnfinishedRelaunchTests {
  @Test("relaunched and left at the sign-in screen, the next relaunch still comes back to the movie")
  func leftAtTheGate() async throws {
    let folder = try TemporaryFolder()
    let journal = URL(fileURLWithPath: folder.path + "/session.jsonl")
    let database = folder.path + "/diary.sqlite"
    _ = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn + [">", "1"], database: database, journal: journal, restoring: false)
    // A relaunch the user leaves at once, at the sign-in screen: its journal replaces the last
    // session's in the file, and ends at the gate.
    let left = try await RestoringOnRelaunchTests.session(
      ["q"], database: database, journal: journal, restoring: true)
    #expect(left.contains("Sign in again to come back to where you left."))
    let transcript = try await RestoringOnRelaunchTests.session(
      RestoringOnRelaunchTests.signIn, database: database, journal: journal, restoring: true)
    let last = try #require(transcript.components(separatedBy: "> s\n").last)
    #expect(last.contains("Path: Wishlist › Spirited Away"), "\(last)")
    #expect(last.contains("You are back where you left."))
  }
}
