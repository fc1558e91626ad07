import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("Restoration after the relaunched user acted at a gate", .checksLeaks)
@MainActor
struct RestorationAfterTheUserActedTests {
  @Test("a user who leaves the gate without passing it has not passed it: restoration waits for the PIN")
  func leavingTheGate() async throws {
    // The last session: PIN typed, back twice to the pantry, tea.
    let journal = try await pantrySession([
      .action("Open locked shelf"), .action("Enter PIN"), .back, .back, .action("Pick tea"),
    ])
    let app = RelaunchedPantry()
    await app.settle()
    let restoration = app.restoration(of: journal)
    let atGate = await restoration.restore(settle: app.settle)
    guard case .atGate = atGate else {
      Issue.record("expected a stop at the PIN, got \(atGate)")
      return
    }
    // The relaunched user does not type the PIN: they go back from the PIN screen. That back is
    // the same event as the journal's first back after the PIN was typed, so restoration takes it
    // for the gate passed and feeds the journal's second back — on the pantry, where there is no
    // back button: it fails, and the user who then opens the shelf and types the PIN is not
    // brought back.
    #expect(app.window.userTapsBack())
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == atGate)

    #expect(await app.window.userPerforms("Open locked shelf"))
    await app.settle()
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.window.topScreen?.title == "Tea")
  }

  @Test(
    "a coordinator that starts a new recorder at the gate is followed: restoration goes on once the PIN is typed"
  )
  func newRecorderAtTheGate() async throws {
    let journal = try await pantrySession([
      .action("Open locked shelf"), .action("Enter PIN"), .back, .back, .action("Pick tea"),
    ])
    let app = RelaunchedPantry()
    await app.settle()
    let restoration = app.restoration(of: journal)
    _ = await restoration.restore(settle: app.settle)
    // The app starts a fresh journal (a new file, say): its entries are numbered from the start
    // again, and the numbers restoration already matched in the old one hide the new entries.
    let fresh = JournalRecorder()
    app.coordinator.record(into: fresh)
    app.window.record(into: fresh)
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    let status = await restoration.restore(settle: app.settle)
    #expect(status == .finished, "\(status)")
    #expect(app.window.topScreen?.title == "Tea")
  }
}
