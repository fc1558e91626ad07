import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// A new entry is dated today: a session recorded one day replays the same on another, its date
/// the recorded one.
@MainActor
@Suite("Demo: a session recorded on one day replays the same on another", .checksLeaks)
struct ReplayingOnAnotherDayTests {
  /// 2025-11-20 at noon UTC: the same calendar day in every time zone within 12 hours of it.
  nonisolated static let recordedOn = Date(timeIntervalSince1970: 1_763_640_000)
  static let path: [ExplorationInput] = [
    .action("Wait"), .action("Sign in (demo account)"), .action("New entry"),
    .action("Write a title and save"),
  ]

  @Test(
    "a new entry written one day, replayed the next: dated the day it was written, every checkpoint the same")
  func newEntryReplayedTheNextDay() async throws {
    let day = DiaryDate.today(Self.recordedOn)
    let recording = DiaryExploration.journaled(now: { Self.recordedOn })
    let journal = await recording.record(Self.path)
    let file = try DiaryJournal.reader.read(try journal.jsonLines(header: DiaryJournal.header))
    let trees = file.journal.entries.compactMap { entry -> String? in
      if case .renderedTree(let tree) = entry.event { return tree }
      return nil
    }
    #expect(trees.count == Self.path.count + 1)
    // The edit screen and the saved entry show the day it was written.
    #expect(trees[3].contains("Date:  \(day)"), "\(trees[3])")
    #expect(trees[4].contains("\(day)"), "\(trees[4])")

    let nextDay = Self.recordedOn.addingTimeInterval(86_400)
    #expect(DiaryDate.today(nextDay) != day)
    let replaying = DiaryExploration.journaled(replaysEffects: true, now: { nextDay })
    let replay = await replaying.replay(file.journal, steps: [AppStep.self])
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == trees.last)
  }

  @Test("a new entry is dated the day the app says it is")
  func newEntryIsDatedToday() async throws {
    let exploration = DiaryExploration.journaled(now: { Self.recordedOn })
    let journal = await exploration.record(Array(Self.path.prefix(3)))
    guard
      case .renderedTree(let tree)? = journal.entries.last(where: { $0.event.kind == .renderedTree })?.event
    else {
      Issue.record("no checkpoint")
      return
    }
    #expect(tree.contains("Date:  \(DiaryDate.today(Self.recordedOn))"), "\(tree)")
  }
}
