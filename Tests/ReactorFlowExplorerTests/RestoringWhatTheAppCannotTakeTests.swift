import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// The last session, as a relaunch reads it from its file: tea, back, milk.
@MainActor
private func teaThenMilk() async throws -> Journal {
  try await pantrySession([.action("Pick tea"), .back, .action("Pick milk")])
}

/// A relaunched pantry, settled, and how restoring `entries` into it failed: `nil` (recorded as an
/// issue) when it did not fail.
@MainActor
private func restoringInARelaunchedPantry(_ entries: [JournalEntry]) async -> (
  RelaunchedPantry, JournalDivergence?
) {
  let app = RelaunchedPantry()
  await app.settle()
  let status = await app.restoration(of: Journal(entries: entries)).restore(settle: app.settle)
  guard case .failed(let divergence) = status else {
    Issue.record("expected a failure, got \(status)")
    return (app, nil)
  }
  return (app, divergence)
}

@Suite("Restoring a journal the app cannot take: the entry is named, nothing after it is fed", .checksLeaks)
@MainActor
struct RestoringWhatTheAppCannotTakeTests {
  @Test("a deep link without `openDeepLink` fails at its entry, saying to pass it")
  func deepLinkWithoutOpener() async throws {
    var entries = try await teaThenMilk().entries
    let back = try #require(entries.firstIndex { $0.event.kind == .gesture })
    entries.insert(
      JournalEntry(time: entries[back].time, source: .app, event: .deepLink("pantry://milk")), at: back)
    let (app, failure) = await restoringInARelaunchedPantry(entries)
    guard let divergence = failure else { return }
    #expect(divergence.index == back)
    #expect(divergence.reason == .cannotFeed)
    #expect(divergence.actual.contains("pass `openDeepLink`"))
    #expect(app.window.topScreen?.title == "Tea")
    #expect(app.steps(.itemIsPicked("milk")) == 0)
  }

  @Test("a gesture the app does not offer now fails at its entry")
  func gestureNotAvailable() async throws {
    var entries = try await teaThenMilk().entries
    let back = try #require(entries.firstIndex { $0.event.kind == .gesture })
    // A second back: the pantry has no back button.
    entries.insert(entries[back], at: back)
    let (app, failure) = await restoringInARelaunchedPantry(entries)
    guard let divergence = failure else { return }
    #expect(divergence.index == back + 1)
    #expect(divergence.reason == .cannotFeed)
    #expect(divergence.actual.contains("not available"))
    #expect(app.steps(.itemIsPicked("milk")) == 0)
  }

  @Test("a step another version of the app named differently fails at its entry, with the decoding error")
  func renamedStep() async throws {
    var entries = try await teaThenMilk().entries
    let milk = try #require(entries.firstIndex { $0.event.payload?.description == "itemIsPicked(\"milk\")" })
    guard case .step(let payload) = entries[milk].event else {
      Issue.record("not a step")
      return
    }
    entries[milk].event = .step(
      JournalPayload(
        typeName: payload.typeName, description: "itemWasChosen(\"milk\")",
        json: #"{"itemWasChosen":{"_0":"milk"}}"#))
    let (app, failure) = await restoringInARelaunchedPantry(entries)
    guard let divergence = failure else { return }
    #expect(divergence.index == milk)
    #expect(divergence.reason == .cannotFeed)
    #expect(!divergence.actual.isEmpty)
    #expect(app.window.topScreen?.title == "Pantry")
  }

  @Test("asked again while it waits for the app to settle, it feeds nothing twice; cancelled then, it stops")
  func reentrantAndCancelled() async throws {
    let journal = try await teaThenMilk()
    let app = RelaunchedPantry()
    await app.settle()
    let restoration = app.restoration(of: journal)
    var nested: [NavigationRestoration.Status] = []
    let status = await restoration.restore(settle: {
      await app.settle()
      nested.append(await restoration.restore(settle: app.settle))
      if nested.count == 2 { restoration.cancel() }
    })
    #expect(status == .cancelled)
    #expect(nested == [.ready, .ready])
    #expect(app.steps(.itemIsPicked("tea")) == 1)
    #expect(app.steps(.itemIsPicked("milk")) == 0)
    #expect(app.window.topScreen?.title == "Pantry")
  }

  // The suite's leak check sees the app's coordinator, window and screens go with it.
  @Test("once it ended, the restoration is released with the app: it keeps nothing alive")
  func released() async throws {
    let journal = try await teaThenMilk()
    weak var restorationLeft: NavigationRestoration?
    do {
      let app = RelaunchedPantry()
      await app.settle()
      let restoration = app.restoration(of: journal)
      #expect(await restoration.restore(settle: app.settle) == .finished)
      #expect(app.window.topScreen?.title == "Milk")
      restorationLeft = restoration
    }
    #expect(restorationLeft == nil)
  }
}
