import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite(
  "Restoration matches what the app did in the journal's order, and only the user passes a gate", .checksLeaks
)
@MainActor
struct RestoringInTheJournalsOrderTests {
  @Test("an input the user made before one restoration feeds is not taken for a later input of the journal")
  func matchesInOrder() async throws {
    // The last session: PIN, back to the pantry, tea, back, milk: it ended on Milk.
    let journal = try await pantrySession([
      .action("Open locked shelf"), .action("Enter PIN"), .back, .back, .action("Pick tea"), .back,
      .action("Pick milk"),
    ])
    let app = RelaunchedPantry()
    await app.settle()
    let restoration = app.restoration(of: journal)
    guard case .atGate = await restoration.restore(settle: app.settle) else {
      Issue.record("expected a stop at the PIN")
      return
    }
    // The relaunched user types the PIN, goes back to the pantry, looks at the milk and comes
    // back — all before restoration goes on.
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(app.window.userTapsBack())
    await app.settle()
    #expect(app.window.userTapsBack())
    await app.settle()
    #expect(await app.window.userPerforms("Pick milk"))
    await app.settle()
    #expect(app.window.userTapsBack())
    await app.settle()

    let status = await restoration.restore(settle: app.settle)
    // The user's backs match the journal's two after the PIN; the tea is fed. The user's last
    // back and their milk came before that tea: they are not the journal's back after it and its
    // milk, which are fed too — the app ends where the journal did.
    #expect(status == .finished)
    #expect(app.window.topScreen?.title == "Milk")
  }

  @Test(
    "what the user did before reaching the gate is not taken for the gate passed: nothing behind it is fed")
  func inputsBeforeTheGate() async throws {
    // The last session: PIN typed, back twice to the pantry, tea.
    let journal = try await pantrySession([
      .action("Open locked shelf"), .action("Enter PIN"), .back, .back, .action("Pick tea"),
    ])
    let app = RelaunchedPantry()
    await app.settle()
    // The relaunched user looks at the tea and comes back before restoration runs (in an app on
    // a real screen, a tap while restoration waits for the app to settle is the same).
    #expect(await app.window.userPerforms("Pick tea"))
    await app.settle()
    #expect(app.window.userTapsBack())
    await app.settle()
    let restoration = app.restoration(of: journal)
    let atGate = await restoration.restore(settle: app.settle)
    guard case .atGate = atGate else {
      Issue.record("expected a stop at the PIN, got \(atGate)")
      return
    }
    #expect(app.window.topScreen?.title == "PIN")
    // The user has not typed the PIN: asking again feeds nothing, though their earlier back is
    // the same event as the journal's first back after the PIN.
    #expect(await restoration.restore(settle: app.settle) == atGate)
    #expect(app.window.topScreen?.title == "PIN")
    // Once they type it, the rest is fed — the tea too: the one they looked at came before.
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.window.topScreen?.title == "Tea")
  }
}
