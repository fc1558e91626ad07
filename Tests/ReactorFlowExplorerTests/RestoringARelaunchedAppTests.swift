import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("A relaunched app is restored to where its journal left it, stopping at every gate", .checksLeaks)
@MainActor
struct RestoringARelaunchedAppTests {
  /// A session: the locked shelf opened with the PIN, back to the PIN screen and the pantry, tea
  /// picked — read back from its file, as a relaunch reads it.
  private func lastSession() async throws -> Journal {
    try await pantrySession([
      .action("Open locked shelf"), .action("Enter PIN"), .back, .back, .action("Pick tea"),
    ])
  }

  @Test("it stops at the PIN gate, feeds nothing while the user is there, and goes on once they pass it")
  func gateThenRest() async throws {
    let journal = try await lastSession()
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    let restoration = app.restoration(of: journal)

    let atGate = await restoration.restore(settle: app.settle)
    guard case .atGate(let index, let gate) = atGate else {
      Issue.record("expected a stop at the gate, got \(atGate)")
      return
    }
    #expect(gate == "pinIsRequired")
    #expect(journal.entries[index].event.payload?.description == "pinIsRequired")
    #expect(app.window.topScreen?.title == "PIN")
    // The user has not passed the gate: asking again feeds nothing.
    let rendered = app.window.render()
    #expect(await restoration.restore(settle: app.settle) == atGate)
    #expect(app.window.render() == rendered)

    // The user types the PIN: the step the journal recorded next is the app's own, and the rest
    // (back, back, tea picked) is restored.
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.window.topScreen?.title == "Tea")
    #expect(app.steps(.shelfIsUnlocked) == 1)
    guard
      case .renderedTree(let recordedTree)? = journal.entries.last(where: { $0.event.kind == .renderedTree })?
        .event
    else {
      Issue.record("the session recorded no checkpoint")
      return
    }
    #expect(app.window.render() == recordedTree)
  }

  @Test("what the relaunched app did by itself is matched, not fed again: its launch step is there once")
  func launchMatched() async throws {
    let journal = try await lastSession()
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    _ = await app.restoration(of: journal).restore(settle: app.settle)
    #expect(app.steps(.start) == 1)
    #expect(app.steps(.pinIsRequired) == 1)
  }

  @Test("the restored screens load their data live: the relaunched app's service is called")
  func loadsLive() async throws {
    let journal = try await lastSession()
    let service = PantryService()
    let app = RelaunchedPantry(service: service)
    await app.settle()
    let restoration = app.restoration(of: journal)
    _ = await restoration.restore(settle: app.settle)
    // The pantry under the PIN screen loaded its items from the service, as it does on a launch.
    #expect(service.calls.value == 1)
  }

  @Test("an input the app cannot take fails, naming its entry, and nothing after it is fed")
  func cannotFeed() async throws {
    var entries = try await lastSession().entries
    let index = try #require(entries.firstIndex { $0.event.payload?.description == "pinIsRequired" })
    entries[index].source = JournalSource.app.appending("NoSuchFlow")
    let journal = Journal(entries: entries)
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    let status = await app.restoration(of: journal).restore(settle: app.settle)
    guard case .failed(let divergence) = status else {
      Issue.record("expected a failure, got \(status)")
      return
    }
    #expect(divergence.index == index)
    #expect(divergence.reason == .cannotFeed)
    #expect(divergence.actual.contains("no stepper sits at NoSuchFlow/0"))
    #expect(app.window.topScreen?.title == "Pantry")
  }

  @Test("a step read from a file whose type is not given fails, saying to pass it in `steps:`")
  func unknownStepType() async throws {
    let journal = try await lastSession()
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    let restoration = NavigationRestoration(journal, coordinator: app.coordinator, window: app.window)
    let status = await restoration.restore(settle: app.settle)
    guard case .failed(let divergence) = status else {
      Issue.record("expected a failure, got \(status)")
      return
    }
    #expect(divergence.reason == .cannotFeed)
    #expect(divergence.actual.contains("pass it in `steps:`"))
  }

  @Test("what the session's user did at the gate before passing it is not fed: restoration goes on after it")
  func skipsWhatWasDoneAtTheGate() async throws {
    var entries = try await lastSession().entries
    let unlocked = try #require(entries.firstIndex { $0.event.payload?.description == "shelfIsUnlocked" })
    // At the PIN screen, the session's user first picked something the relaunched user does not.
    var detour = entries[unlocked]
    detour.event = .step(JournalPayload(PantryStep.itemIsPicked("label")))
    entries.insert(detour, at: unlocked)
    let journal = Journal(entries: entries)
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    let restoration = app.restoration(of: journal)
    _ = await restoration.restore(settle: app.settle)
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.window.topScreen?.title == "Tea")
    #expect(app.steps(.itemIsPicked("label")) == 0)
  }

  @Test("cancelled at a gate, it feeds nothing more once the user passes it")
  func cancelled() async throws {
    let journal = try await lastSession()
    let app = RelaunchedPantry(service: PantryService())
    await app.settle()
    let restoration = app.restoration(of: journal)
    _ = await restoration.restore(settle: app.settle)
    restoration.cancel()
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .cancelled)
    #expect(app.window.topScreen?.title == "Locked shelf")
  }

  @Test("a coordinator that does not record is recorded while restoring, and no longer once it ended")
  func ownRecorder() async throws {
    let journal = try await lastSession()
    let app = RelaunchedPantry(service: PantryService(), records: false)
    await app.settle()
    let restoration = app.restoration(of: journal)
    _ = await restoration.restore(settle: app.settle)
    #expect(app.coordinator.recorder != nil)
    #expect(await app.window.userPerforms("Enter PIN"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.coordinator.recorder == nil)
    #expect(app.window.topScreen?.title == "Tea")
  }
}
