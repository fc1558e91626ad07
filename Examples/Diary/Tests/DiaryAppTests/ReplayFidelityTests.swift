import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// The apps an exploration launched, kept to read what their services were asked.
@MainActor
final class LaunchedApps {
  var apps: [DiaryApplication] = []

  /// The calls the apps made to the auth service, the movie catalog and the database; forgets
  /// the apps.
  func takeCalls() -> (auth: Int, catalog: Int, database: Int) {
    defer { apps.removeAll() }
    return apps.reduce((0, 0, 0)) { sum, app in
      let calls = app.serviceCalls
      return (sum.0 + calls.auth, sum.1 + calls.catalog, sum.2 + calls.database)
    }
  }
}

/// A journal recorded along the shortest path to each state the explorer reaches replays in a
/// fresh app to the same rendered tree and reactor states at every checkpoint, without calling
/// the network, the catalog or the database.
@MainActor
@Suite("Demo: every explored state replays faithfully from a journal file", .checksLeaks)
struct ReplayFidelityTests {
  @Test(
    "every state: recorded along its shortest path, written, read back, replayed: same trees and states, 0 service calls"
  )
  func everyState() async throws {
    var explorer = DiaryExploration.make()
    explorer.progress = .never
    let result = await explorer.run()
    #expect(result.isComplete)
    let recorded = LaunchedApps()
    let replayed = LaunchedApps()
    let recording = DiaryExploration.journaled { recorded.apps.append($0) }
    let replaying = DiaryExploration.journaled(replaysEffects: true) { replayed.apps.append($0) }
    var faithful = 0
    var checkpoints = 0
    var recordedCalls = (auth: 0, catalog: 0, database: 0)
    for state in result.states {
      let journal = await recording.record(state.path)
      let calls = recorded.takeCalls()
      recordedCalls = (
        recordedCalls.auth + calls.auth, recordedCalls.catalog + calls.catalog,
        recordedCalls.database + calls.database
      )
      // Through a file: what replays is what was written, decoded.
      let file = try DiaryJournal.reader.read(try journal.jsonLines(header: DiaryJournal.header))
      // Every value the app records passes the checks a replay makes first (each reactor's
      // types are known to them).
      #expect(throws: Never.self, "state \(state.id)") { try DiaryJournal.check(file.journal) }
      let trees = file.journal.entries.filter { $0.event.kind == .renderedTree }
      #expect(
        trees.count == state.path.count + 1, "state \(state.id): a checkpoint after launch and each input")
      checkpoints += trees.count
      let replay = await replaying.replay(file.journal, steps: [AppStep.self])
      #expect(
        replay.isFaithful, "state \(state.id) (\(state.label)): \(replay.divergence?.description ?? "")")
      if case .renderedTree(let last)? = trees.last?.event {
        #expect(replay.finalState == last, "state \(state.id): the replay ends where the session ended")
      }
      let replayCalls = replayed.takeCalls()
      #expect(
        replayCalls.auth == 0 && replayCalls.catalog == 0 && replayCalls.database == 0,
        "state \(state.id): the replay called the services \(replayCalls)")
      if replay.isFaithful { faithful += 1 }
    }
    #expect(faithful == result.states.count)
    #expect(result.states.count >= 119)
    // The services counted are the ones the sessions used: recording called them.
    #expect(recordedCalls.auth > 0 && recordedCalls.catalog > 0 && recordedCalls.database > 0)
    print(
      "fidelity: \(faithful)/\(result.states.count) states, \(checkpoints) checkpoints; recording called auth \(recordedCalls.auth), catalog \(recordedCalls.catalog), database \(recordedCalls.database) times"
    )
  }
}
