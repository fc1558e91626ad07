import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite(
  "Restoration replays a journal's navigation inputs, effects suppressed, and stops at a gate", .checksLeaks)
@MainActor
struct RestoringNavigationTests {
  @Test("a stack two screens deep is restored, the service never called and no action sent")
  func stackDepth() async {
    let service = PantryService()
    let exploration = Exploration.pantry(service: service)
    let journal = await exploration.record([.action("Pick tea")])
    let calls = service.calls.value
    let restoration = await exploration.restore(from: journal)
    #expect(restoration.problem == nil, "\(restoration.problem?.description ?? "")")
    #expect(!restoration.stoppedAtGate)
    #expect(restoration.state.contains(#"screen "Pantry""#) && restoration.state.contains(#"screen "Tea" *"#))
    // The list's items came from the service: restored without it, the list is empty.
    #expect(!restoration.state.contains("| tea"))
    #expect(service.calls.value == calls)
  }

  @Test("a tab selected and a sheet presented over it are restored")
  func tabAndModal() async {
    let exploration = ExplorerTests.shop()
    let journal = await exploration.record([.selectTab("Profile"), .action("Open settings")])
    let restoration = await exploration.restore(from: journal)
    #expect(restoration.problem == nil, "\(restoration.problem?.description ?? "")")
    let recorded = journal.entries.last { $0.event.kind == .renderedTree }
    guard case .renderedTree(let tree)? = recorded?.event else {
      Issue.record("no checkpoint recorded")
      return
    }
    #expect(restoration.state == tree)
    #expect(tree.contains("Settings"))
  }

  @Test("a tab selected, then a sheet swiped down, is restored without the sheet")
  func swipedDown() async {
    let exploration = ExplorerTests.shop()
    let journal = await exploration.record([.selectTab("Profile"), .action("Open settings"), .swipeDown])
    let restoration = await exploration.restore(from: journal)
    #expect(restoration.problem == nil, "\(restoration.problem?.description ?? "")")
    #expect(!restoration.state.contains("Settings"))
    #expect(restoration.fedCount >= 3)
  }

  @Test("restoration stops at a gate: the PIN screen is shown, the shelf behind it is not")
  func gate() async {
    let exploration = Exploration.pantry(service: PantryService())
    let journal = await exploration.record([.action("Open locked shelf"), .action("Enter PIN")])
    #expect(journal.entries.contains { "\($0.event.payload?.description ?? "")" == "shelfIsUnlocked" })
    let restoration = await exploration.restore(from: journal, steps: [PantryStep.self])
    #expect(restoration.stoppedAtGate)
    #expect(restoration.gate == "pinIsRequired")
    let stoppedAt = journal.entries[restoration.stoppedAt ?? 0]
    #expect(stoppedAt.event.payload?.description == "pinIsRequired")
    #expect(restoration.state.contains(#"screen "PIN" *"#))
    #expect(!restoration.state.contains("Locked shelf"))
  }
}
