import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("Restoring with ring buffers: of the last session, or of the relaunched app", .checksLeaks)
@MainActor
struct RestoringWithRingBuffersTests {
  @Test("a journal that dropped its first entries is refused before anything is fed, saying so")
  func journalThatDropped() async throws {
    let full = try await pantrySession([.action("Pick tea"), .back, .action("Pick milk")])
    let back = try #require(full.entries.firstIndex { $0.event.kind == .gesture })
    // A ring buffer that kept the session from its back on: the launch and the tea are gone.
    var kept = Journal(keepingLast: full.count - back)
    for entry in full.entries { kept.append(entry) }
    #expect(kept.droppedCount == back)
    let app = RelaunchedPantry()
    await app.settle()
    let status = await app.restoration(of: kept).restore(settle: app.settle)
    // It fails at the back, saying the gesture is not available: nothing says the journal does
    // not start at the launch, which restoring needs (the init's documentation says so).
    guard case .failed(let divergence) = status else {
      Issue.record("expected a failure, got \(status)")
      return
    }
    #expect("\(divergence)".contains("dropped"), "\(divergence)")
  }

  @Test("a coordinator recording into a ring buffer is restored: the entries it drops are not missed")
  func ringBufferRecorder() async throws {
    let journal = try await pantrySession([.action("Pick tea"), .back, .action("Pick milk")])
    // An app in the field keeps the last entries only; a step and what it leads to (navigation,
    // the screen's mutations) may fill a small buffer before restoration looks for the step.
    let app = RelaunchedPantry(recorder: JournalRecorder(keepingLast: 2))
    await app.settle()
    let status = await app.restoration(of: journal).restore(settle: app.settle)
    // It either restores, or says that the recorder dropped what it looked for — not that the
    // app "did nothing of the kind" (it did: its launch step, dropped since).
    #expect(status == .finished || "\(status)".contains("dropped"), "\(status)")
  }
}
