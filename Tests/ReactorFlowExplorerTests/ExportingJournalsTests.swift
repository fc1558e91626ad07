import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import Testing

@Suite("A journal exports as a Swift Testing test that replays it")
@MainActor
struct ExportingJournalsTests {
  static func script() -> JournalTestScript {
    var script = JournalTestScript()
    script.header = JournalHeader(app: "Pantry", build: "1")
    script.prologue = ["let service = PantryService()"]
    script.exploration = "Exploration.pantry(service: service)"
    script.checking = "JournalReplay.defaultChecks.subtracting([.diagnostic])"
    script.steps = ["PantryStep.self"]
    return script
  }

  @Test("the exported test lists the inputs, embeds the journal's file and expects the recorded final state")
  func exported() async throws {
    let journal = await Exploration.pantry(service: PantryService()).record([.action("Pick tea"), .back])
    let text = try Self.script().write(journal)
    #expect(
      text.hasPrefix(
        "@MainActor @Test func replayedSession() async throws {\n  let service = PantryService()"))
    #expect(text.contains("// 3. action at PantryFlow/0 > PantryReactor/0: pick(\"tea\")"))
    #expect(text.contains("// 5. gesture at Window/0: back"))
    #expect(text.contains(#"let journal = try JournalReader(expectedApp: "Pantry").read(data).journal"#))
    #expect(text.contains("#expect(replay.finalState == "))
    #expect(text.hasSuffix("\n}"))
  }
}
