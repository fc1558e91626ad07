import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("A recorded session replays in a fresh app with the effects' outputs substituted", .checksLeaks)
@MainActor
struct ReplayingJournalsTests {
  let path: [ExplorationInput] = [.action("Pick tea"), .back, .action("Reload"), .action("Pick milk")]

  @Test("the replay reaches the same checkpoints, and the service is not called during it")
  func faithful() async {
    let service = PantryService()
    let exploration = Exploration.pantry(service: service)
    let journal = await exploration.record(path)
    let callsWhenRecorded = service.calls.value
    #expect(callsWhenRecorded == 2)
    let kinds = journal.entries.map(\.event.kind)
    #expect(kinds.filter { $0 == .renderedTree }.count == path.count + 1)
    #expect(kinds.filter { $0 == .effectOutput }.count == 4)
    #expect(kinds.contains(.gesture) && kinds.contains(.stateSnapshot))

    let replay = await exploration.replay(
      journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    #expect(service.calls.value == callsWhenRecorded)
    #expect(replay.fedCount > 0)
    #expect(replay.finalState.contains("Milk"))
    // The screen's load-time action is the app's own: matched, not fed.
    let actions = replay.journal.entries.filter { $0.event.kind == .action }
    #expect(actions.count == 4)
  }

  @Test("a journal written to a file and read back replays too, its values decoded")
  func fromFile() async throws {
    let service = PantryService()
    let exploration = Exploration.pantry(service: service)
    let journal = await exploration.record(path)
    let data = try journal.jsonLines(header: JournalHeader(app: "Pantry", build: "1"))
    let read = try JournalReader(expectedApp: "Pantry").read(data).journal
    let calls = service.calls.value
    let replay = await exploration.replay(
      read, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]), steps: [PantryStep.self])
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    #expect(service.calls.value == calls)
  }

  @Test("a tampered effect output makes the replay diverge at the mutation it feeds, saying what differs")
  func tampered() async {
    let exploration = Exploration.pantry(service: PantryService())
    var entries = await exploration.record(path).entries
    let index = entries.firstIndex { entry in
      if case .effectOutput = entry.event { return true }
      return false
    }!
    guard case .effectOutput(let effect, _) = entries[index].event else { return }
    entries[index].event = .effectOutput(
      effect: effect, JournalPayload(PantryReactor.Mutation.setItems(["rum"])))
    let replay = await exploration.replay(
      Journal(entries: entries), checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    let divergence = replay.divergence
    #expect(divergence != nil)
    #expect(divergence?.index == index + 1)
    #expect(divergence?.kind == .mutation)
    #expect(divergence?.reason == .differs)
    #expect(divergence?.expected == #"setItems(["tea", "milk"])"#)
    #expect(divergence?.actual == #"setItems(["rum"])"#)
    #expect(
      divergence?.description.contains("Entry \(index + 1) (mutation at PantryFlow/0 > PantryReactor/0)")
        == true)
  }

  @Test("an input that cannot be fed stops the replay there, naming why")
  func cannotFeed() async {
    let exploration = Exploration.pantry(service: PantryService())
    let journal = Journal(entries: [
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .zero), source: Window.journalSource, event: .gesture(.back)),
      JournalEntry(
        time: JournalTime(sequence: 2, offset: .zero), source: JournalSource.app.appending("Nowhere"),
        event: .action(JournalPayload(typeName: "Nowhere.Action", description: "go", json: nil))),
    ])
    let replay = await exploration.replay(journal)
    #expect(replay.divergence?.index == 0)
    #expect(replay.divergence?.reason == .cannotFeed)
    #expect(replay.divergence?.actual.contains("not available") == true)
  }
}
