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

  @Test("a step the replayed app takes that the recording does not have stops the replay, as unexpected")
  func unexpectedStep() async throws {
    let exploration = Exploration.pantry(service: PantryService())
    var entries = await exploration.record(path).entries
    let picked = try #require(
      entries.firstIndex { $0.event.kind == .step && "\($0.event)".contains("itemIsPicked") })
    let extra = entries.remove(at: picked)
    let pick = try #require(entries.firstIndex { $0.event.kind == .action && "\($0.event)".contains("pick") })
    let replay = await exploration.replay(
      Journal(entries: entries), checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    let divergence = try #require(replay.divergence)
    // Found once the action that made the app take the step is walked: nothing recorded later is that step.
    #expect(divergence.index == pick)
    #expect(divergence.reason == .unexpected)
    #expect(divergence.kind == .step)
    #expect(divergence.source == extra.source)
    #expect(divergence.actual == JournalTracer.text(of: extra.event))
    #expect(divergence.actual == #"itemIsPicked("tea")"#)
    #expect(divergence.expected == JournalDivergence.nothingRecorded)
    #expect(
      divergence.description
        == "Entry \(pick) (step at PantryFlow/0 > PantryReactor/0): nothing was recorded there, but the app did "
        + #"itemIsPicked("tea")."#)
  }

  @Test(
    "a mutation the replayed app makes that the recording does not have is unexpected, when mutations are checked"
  )
  func unexpectedMutation() async throws {
    let exploration = Exploration.pantry(service: PantryService())
    var entries = await exploration.record(path).entries
    // The reload's last mutation: no mutation is recorded after it.
    let last = try #require(entries.lastIndex { $0.event.kind == .mutation })
    let extra = entries.remove(at: last)
    let output = try #require(entries[..<last].lastIndex { $0.event.kind == .effectOutput })
    let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])
    let replay = await exploration.replay(Journal(entries: entries), checking: checks)
    let divergence = try #require(replay.divergence)
    #expect(divergence.index == output)
    #expect(divergence.reason == .unexpected)
    #expect(divergence.kind == .mutation)
    #expect(divergence.actual == JournalTracer.text(of: extra.event))
    #expect(divergence.actual == "setLoading(false)")

    // Mutations not checked: an extra one is not looked for.
    let unchecked = await exploration.replay(
      Journal(entries: entries), checking: checks.subtracting([.mutation]))
    #expect(unchecked.divergence == nil, "\(unchecked.divergence?.description ?? "")")
  }

  @Test(
    "a navigation the replayed app does that the recording does not have is unexpected, once no recorded one is left"
  )
  func unexpectedNavigation() async throws {
    let exploration = Exploration.pantry(service: PantryService())
    var entries = await exploration.record(path).entries
    let last = try #require(entries.lastIndex { $0.event.kind == .navigation })
    let extra = entries.remove(at: last)
    // Found when the last navigation recorded at its flow ("will navigate") is walked: a recorded
    // entry of a kind checked may be matched with any of the app's of that kind at that source.
    let lastLeft = try #require(entries.lastIndex { $0.event.kind == .navigation })
    let replay = await exploration.replay(
      Journal(entries: entries), checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    let divergence = try #require(replay.divergence)
    #expect(divergence.index == lastLeft)
    #expect(divergence.reason == .unexpected)
    #expect(divergence.kind == .navigation)
    #expect(divergence.actual == JournalTracer.text(of: extra.event))
    #expect(divergence.actual == #"did navigate itemIsPicked("milk")"#)
  }

  @Test(
    "the checkpoints a replay takes itself are not unexpected: one recorded checkpoint, every state taken")
  func ownCheckpointsAreExpected() async throws {
    let exploration = Exploration.pantry(service: PantryService())
    // The recording keeps its rendered trees only: the replay takes whole checkpoints, states too.
    let entries = await exploration.record(path).entries.filter { $0.event.kind != .stateSnapshot }
    let replay = await exploration.replay(
      Journal(entries: entries), checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    #expect(replay.journal.entries.contains { $0.event.kind == .stateSnapshot })
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
