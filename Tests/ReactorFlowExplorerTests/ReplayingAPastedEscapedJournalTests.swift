import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowJournal
import Testing

/// A test `JournalTestScript` writes, its journal's lines as escaped string literals, for a
/// recorded session of the pantry app (pick tea, back), pasted as it was printed: it compiles,
/// and the journal replays in a fresh app without calling the service.
@Suite("A journal exported as a test, its lines as escaped literals, replays when pasted")
struct ReplayingAPastedEscapedJournalTests {
  @MainActor @Test func replayedSession() async throws {
    let service = PantryService()
    // 1. step at PantryFlow/0: start
    // 2. action at PantryFlow/0 > PantryReactor/0: load
    // 3. action at PantryFlow/0 > PantryReactor/0: pick("tea")
    // 4. step at PantryFlow/0 > PantryReactor/0: itemIsPicked("tea")
    // 5. gesture at Window/0: back
    let journalLines: [String] = [
      "{\"app\":\"Pantry\",\"build\":\"1\",\"dropped\":0,\"format\":\"ReactorFlow journal\",\"version\":1}",
      "{\"description\":\"start\",\"json\":\"{\\\"start\\\":{}}\",\"kind\":\"step\",\"ns\":497563,\"seq\":1,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"}],\"type\":\"ReactorFlowExplorerTests.PantryStep\"}",
      "{\"kind\":\"navigation\",\"ns\":699332,\"seq\":2,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"}],\"text\":\"will navigate start\"}",
      "{\"kind\":\"navigation\",\"ns\":1155807,\"seq\":3,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"}],\"text\":\"did navigate start\"}",
      "{\"description\":\"load\",\"json\":\"{\\\"load\\\":{}}\",\"kind\":\"action\",\"ns\":2194485,\"seq\":4,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Action\"}",
      "{\"description\":\"setLoading(true)\",\"json\":\"{\\\"setLoading\\\":{\\\"_0\\\":true}}\",\"kind\":\"mutation\",\"ns\":3350483,\"seq\":5,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Mutation\"}",
      "{\"description\":\"setItems([\\\"tea\\\", \\\"milk\\\"])\",\"effect\":0,\"json\":\"{\\\"setItems\\\":{\\\"_0\\\":[\\\"tea\\\",\\\"milk\\\"]}}\",\"kind\":\"effectOutput\",\"ns\":3848336,\"seq\":6,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Mutation\"}",
      "{\"description\":\"setItems([\\\"tea\\\", \\\"milk\\\"])\",\"json\":\"{\\\"setItems\\\":{\\\"_0\\\":[\\\"tea\\\",\\\"milk\\\"]}}\",\"kind\":\"mutation\",\"ns\":3877050,\"seq\":7,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Mutation\"}",
      "{\"description\":\"setLoading(false)\",\"effect\":0,\"json\":\"{\\\"setLoading\\\":{\\\"_0\\\":false}}\",\"kind\":\"effectOutput\",\"ns\":3902347,\"seq\":8,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Mutation\"}",
      "{\"description\":\"setLoading(false)\",\"json\":\"{\\\"setLoading\\\":{\\\"_0\\\":false}}\",\"kind\":\"mutation\",\"ns\":3913769,\"seq\":9,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Mutation\"}",
      "{\"kind\":\"renderedTree\",\"ns\":4164499,\"seq\":10,\"source\":[],\"text\":\"window\\n  navigation \\\"Pantry\\\" *\\n    screen \\\"Pantry\\\" *\\n      | tea\\n      | milk\"}",
      "{\"description\":\"State(isLoading: false, items: [\\\"tea\\\", \\\"milk\\\"])\",\"json\":\"{\\\"isLoading\\\":false,\\\"items\\\":[\\\"tea\\\",\\\"milk\\\"]}\",\"kind\":\"stateSnapshot\",\"ns\":4860444,\"seq\":11,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.State\"}",
      "{\"description\":\"pick(\\\"tea\\\")\",\"json\":\"{\\\"pick\\\":{\\\"_0\\\":\\\"tea\\\"}}\",\"kind\":\"action\",\"ns\":5146260,\"seq\":12,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.Action\"}",
      "{\"description\":\"itemIsPicked(\\\"tea\\\")\",\"json\":\"{\\\"itemIsPicked\\\":{\\\"_0\\\":\\\"tea\\\"}}\",\"kind\":\"step\",\"ns\":5207425,\"seq\":13,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryStep\"}",
      "{\"kind\":\"navigation\",\"ns\":5226240,\"seq\":14,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"}],\"text\":\"will navigate itemIsPicked(\\\"tea\\\")\"}",
      "{\"kind\":\"navigation\",\"ns\":5374408,\"seq\":15,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"}],\"text\":\"did navigate itemIsPicked(\\\"tea\\\")\"}",
      "{\"kind\":\"renderedTree\",\"ns\":5554606,\"seq\":16,\"source\":[],\"text\":\"window\\n  navigation \\\"Pantry\\\" *\\n    screen \\\"Pantry\\\"\\n    screen \\\"Tea\\\" *\"}",
      "{\"description\":\"State(isLoading: false, items: [\\\"tea\\\", \\\"milk\\\"])\",\"json\":\"{\\\"isLoading\\\":false,\\\"items\\\":[\\\"tea\\\",\\\"milk\\\"]}\",\"kind\":\"stateSnapshot\",\"ns\":5603187,\"seq\":17,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.State\"}",
      "{\"gesture\":\"back\",\"kind\":\"gesture\",\"ns\":5674651,\"seq\":18,\"source\":[{\"ordinal\":0,\"type\":\"Window\"}]}",
      "{\"kind\":\"renderedTree\",\"ns\":5844108,\"seq\":19,\"source\":[],\"text\":\"window\\n  navigation \\\"Pantry\\\" *\\n    screen \\\"Pantry\\\" *\\n      | tea\\n      | milk\"}",
      "{\"description\":\"State(isLoading: false, items: [\\\"tea\\\", \\\"milk\\\"])\",\"json\":\"{\\\"isLoading\\\":false,\\\"items\\\":[\\\"tea\\\",\\\"milk\\\"]}\",\"kind\":\"stateSnapshot\",\"ns\":5887269,\"seq\":20,\"source\":[{\"ordinal\":0,\"type\":\"PantryFlow\"},{\"ordinal\":0,\"type\":\"PantryReactor\"}],\"type\":\"ReactorFlowExplorerTests.PantryReactor.State\"}",
      "{\"end\":20}",
    ]
    let data = Data(journalLines.map { $0 + "\n" }.joined().utf8)
    let journal = try JournalReader(expectedApp: "Pantry").read(data).journal
    let replay = await Exploration.pantry(service: service).replay(
      journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]), steps: [PantryStep.self])
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    #expect(
      replay.finalState
        == "window\u{A}  navigation \"Pantry\" *\u{A}    screen \"Pantry\" *\u{A}      | tea\u{A}      | milk"
    )
  }

  @MainActor @Test("the exported test declares its journal's lines and data as this pasted one does")
  func exportedAsPasted() async throws {
    let journal = await Exploration.pantry(service: PantryService()).record([.action("Pick tea"), .back])
    let text = try ExportingJournalsTests.script().write(journal)
    #expect(text.contains("\n  let journalLines: [String] = [\n    \"{\\\"app\\\":\\\"Pantry\\\","))
    #expect(text.contains("\n  ]\n  let data = Data(journalLines.map { $0 + \"\\n\" }.joined().utf8)\n"))
  }
}
