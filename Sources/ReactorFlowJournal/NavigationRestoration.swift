import ReactorFlow

/// Brings a running app back to where a journal left it: feeds the journal's navigation inputs —
/// steps, deep links, gestures — to the app's coordinator, and stops at every gate.
///
/// A relaunched app makes one from the journal of its last session, once its first screen is
/// shown and it is idle, and calls ``restore(settle:)``. Restoration never passes a gate (a step
/// whose `RestorationGate.isRestorationGate` is `true`, or a screen `gateScreen` names): it stops
/// there, and the user goes on from it — signs in, types the PIN. Call ``restore(settle:)``
/// again after each of the user's inputs: once the app itself, in this run, takes the way through
/// that the journal recorded after the gate (a step whose `RestorationGate.passesRestorationGate`
/// is `true`: the step of a successful sign-in), restoration goes on from there, up to the next
/// gate. Nothing else the user does at the gate passes it — Help, a wrong PIN, back — even when
/// the journal's user took the same step after passing; and what the journal's user did at the
/// gate before passing it is not fed.
///
/// ```swift
/// let coordinator = FlowCoordinator()
/// coordinator.record(into: JournalRecorder())
/// coordinator.coordinate(flow: AppFlow(window: Window()), with: AppStepper())
/// let restoration = NavigationRestoration(lastSession, coordinator: coordinator, steps: [AppStep.self])
/// let status = await restoration.restore(settle: { await Task.yield() })
/// print(status)  // stopped at a gate, or finished
/// ```
///
/// What is fed, and what is not:
/// - **Steps, deep links and gestures** are fed in the journal's order, each once the app is idle
///   after the previous one. An input that the app already produced by itself — its launch
///   steps, a step an effect emitted — is matched with the journal's, not fed again: the app's
///   inputs are matched in the journal's order, each after the one matched before it.
/// - **Actions and effect outputs are not fed:** what an action led to was recorded as steps,
///   and a restored screen loads its data live, as it does when the user goes there (restoration
///   saves, sends and signs in nothing on the user's behalf).
///
/// The app's coordinator must record (`FlowCoordinator.record(into:)`), so that restoration
/// sees what the app does by itself; when it does not, restoration records it into a recorder of
/// its own until it ends.
@MainActor
public final class NavigationRestoration {
  /// Where the restoration is now.
  public private(set) var status: Status = .ready
  /// How many of the journal's inputs were fed so far (not counting those the app did by itself).
  public private(set) var fedCount = 0

  /// The journal's navigation inputs: each entry with its index in the journal.
  private let inputs: [(index: Int, entry: JournalEntry)]
  private let coordinator: FlowCoordinator
  private let stepTypes: [any (Step & Decodable).Type]
  private let performGesture: (@MainActor (JournalGesture, JournalSource) -> Bool)?
  private let openDeepLink: (@MainActor (String) -> Void)?
  private let gateScreen: (@MainActor () -> String?)?
  /// The recorder restoration made, when the coordinator did not record.
  private var ownRecorder: JournalRecorder?
  /// The next input to walk.
  private var position = 0
  /// The app's entries up to this sequence number are not matched any more: the last one matched
  /// (an input the app did before the one matched last is not the journal's next), what the app
  /// had done when restoration stopped at a gate (not the gate passed), and what the user did at a
  /// gate before passing it.
  private var floor: UInt64 = 0
  private var isRestoring = false
  /// The recorder ``floor`` numbers its entries by.
  private weak var recorderSeen: JournalRecorder?

  /// A restoration of `journal`'s navigation in the app `coordinator` runs.
  ///
  /// - Parameters:
  ///   - journal: the journal of the session to come back to (from its launch: a ring buffer's
  ///     journal that dropped entries starts elsewhere).
  ///   - coordinator: the coordinator of the running app.
  ///   - steps: the step types to decode steps read from a file as (by their recorded names).
  ///   - performGesture: performs a recorded gesture at its source (the UI layer's: a headless
  ///     window's, in `ReactorFlowExplorer`); `nil`: a recorded gesture cannot be restored.
  ///   - openDeepLink: opens a recorded deep link; `nil`: a recorded deep link cannot be restored.
  ///   - gateScreen: the name of the gate screen the app shows on top, if it shows one (a gate
  ///     that no step marks); `nil`: gates are marked by steps only.
  public init(
    _ journal: Journal, coordinator: FlowCoordinator, steps: [any (Step & Decodable).Type] = [],
    performGesture: (@MainActor (JournalGesture, JournalSource) -> Bool)? = nil,
    openDeepLink: (@MainActor (String) -> Void)? = nil,
    gateScreen: (@MainActor () -> String?)? = nil
  ) {
    let inputs: [(index: Int, entry: JournalEntry)] = journal.entries.enumerated().compactMap {
      index, entry in
      switch entry.event.kind {
      case .step, .deepLink, .gesture: return (index, entry)
      default: return nil
      }
    }
    self.inputs = Self.withoutHistory(inputs, stepTypes: steps)
    self.coordinator = coordinator
    stepTypes = steps
    self.performGesture = performGesture
    self.openDeepLink = openDeepLink
    self.gateScreen = gateScreen
    if journal.droppedCount > 0 {
      status = .failed(
        JournalDivergence(
          index: 0, kind: journal.entries.first?.event.kind ?? .step, source: .app, reason: .cannotFeed,
          expected: "the session from its launch",
          actual: """
            the journal keeps only the last entries of its session (\(journal.droppedCount) were dropped), \
            and restoring starts from the launch: record the session into a journal that keeps every entry.
            """))
      return
    }
    if coordinator.recorder == nil {
      let recorder = JournalRecorder()
      coordinator.record(into: recorder)
      ownRecorder = recorder
    }
  }

  /// Feeds the journal's navigation inputs, each once the app is idle after the previous one
  /// (`settle` returns when it is), up to the next gate or the end; what it came to.
  ///
  /// At a gate, it feeds nothing until the app takes, in this run, the way through the journal
  /// recorded after the gate (before the next gate): call it again after each of the user's
  /// inputs. Once
  /// restoration has ended — or while a call is still feeding (a call made from `settle`) — it
  /// returns ``status`` at once.
  @discardableResult
  public func restore(settle: @MainActor () async -> Void) async -> Status {
    guard !status.hasEnded, !isRestoring else { return status }
    isRestoring = true
    defer { isRestoring = false }
    if case .atGate = status {
      // What the user did at the gate in the journal's session before passing it (a wrong PIN,
      // a look at another screen) is not fed: restoration goes on from the first input recorded
      // after the gate that the app has now done by itself — the step of the gate passed.
      guard let (next, produced) = firstProducedPastGate() else { return status }
      floor = produced
      position = next
      if let stop = passed(inputs[next]) { return stop }
    }
    while position < inputs.count {
      let (index, entry) = inputs[position]
      if let produced = unmatched(like: entry) {
        floor = produced
      } else {
        if let problem = feed(entry) {
          return end(.failed(divergence(at: index, entry, .cannotFeed, problem)))
        }
        fedCount += 1
        await settle()
        if status.hasEnded { return status }
        if let fed = unmatched(like: entry) {
          floor = fed
        } else if entry.event.kind == .step {
          let dropped = coordinator.recorder?.journal.droppedCount ?? 0
          return end(
            .failed(
              divergence(
                at: index, entry, .missing,
                dropped == 0
                  ? ""
                  : """
                  the app's recorder dropped its oldest entries (\(dropped) so far), so what the app \
                  did cannot be seen: give it room for the whole session.
                  """)))
        }
      }
      if let stop = passed((index, entry)) { return stop }
    }
    return end(.finished)
  }

  /// Moves past the input at ``position`` (fed or matched); the stop at a gate it reached, if it
  /// reached one.
  private func passed(_ input: (index: Int, entry: JournalEntry)) -> Status? {
    position += 1
    status = .ready
    guard let gate = gate(reachedBy: input.entry) else { return nil }
    // What the app did up to the stop — the user's taps while restoration waited for the app to
    // settle included — does not pass the gate: only what the user does from here on can.
    if let last = coordinator.recorder?.journal.entries.last?.time.sequence { floor = max(floor, last) }
    status = .atGate(index: input.index, gate: gate)
    return status
  }

  /// Ends the restoration: nothing more is fed (the app stays where it is).
  public func cancel() {
    guard !status.hasEnded else { return }
    _ = end(.cancelled)
  }

  private func end(_ final: Status) -> Status {
    status = final
    if let ownRecorder, coordinator.recorder === ownRecorder { coordinator.stopRecording() }
    ownRecorder = nil
    return final
  }

  /// At a gate: the first way through it the journal recorded after it (a step that
  /// `RestorationGate.passesRestorationGate`), up to the next gate step, that the app has taken
  /// since the stop (its position, and the app's entry). Only the way through passes a gate:
  /// anything else the user does there — Help, a wrong PIN, back — does not, even when the
  /// journal's user took the same step after passing it.
  private func firstProducedPastGate() -> (position: Int, produced: UInt64)? {
    for next in position..<inputs.count {
      let entry = inputs[next].entry
      if Self.isGateStep(entry, stepTypes: stepTypes) { return nil }
      if Self.passesGate(entry, stepTypes: stepTypes), let produced = unmatched(like: entry) {
        return (next, produced)
      }
    }
    return nil
  }

  /// The app's first entry after ``floor`` that is the same as `entry`.
  private func unmatched(like entry: JournalEntry) -> UInt64? {
    guard let recorder = coordinator.recorder else { return nil }
    // A recorder given since numbers its entries afresh: what it holds is all new.
    if recorderSeen !== recorder {
      if recorderSeen != nil { floor = 0 }
      recorderSeen = recorder
    }
    // The recorder's entries are in sequence order: the search starts after the floor, so that
    // each match costs what the app did since the last one, not the whole session again.
    let entries = recorder.journal.entries
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].time.sequence <= floor { low = middle + 1 } else { high = middle }
    }
    return entries[low...].first { candidate in
      candidate.source == entry.source && candidate.event.isSame(as: entry.event)
    }?.time.sequence
  }

  /// Feeds `entry` to the app; what prevented it, if something did.
  private func feed(_ entry: JournalEntry) -> String? {
    switch entry.event {
    case .step(let payload):
      let step: (any Step)?
      do {
        step = try payload.step(among: stepTypes)
      } catch {
        return error.description
      }
      guard let step else { return JournalPayload.unknownStepType(payload.typeName) }
      return coordinator.emitStep(step, from: entry.source)
        ? nil : "no stepper sits at \(entry.source) in the app now."
    case .deepLink(let link):
      guard let openDeepLink else { return "pass `openDeepLink` to restore deep links." }
      openDeepLink(link)
      return nil
    case .gesture(let gesture):
      guard let performGesture else { return "pass `performGesture` to restore gestures." }
      return performGesture(gesture, entry.source) ? nil : "the gesture is not available in the app now."
    default:
      return nil
    }
  }

  /// The gate `entry` reached: a gate step, or a gate screen on top once it was fed or matched.
  private func gate(reachedBy entry: JournalEntry) -> String? {
    if case .step(let payload) = entry.event,
      let step = try? payload.step(among: stepTypes) as? any RestorationGate, step.isRestorationGate
    {
      return String(describing: step)
    }
    return gateScreen?()
  }

  private func divergence(
    at index: Int, _ entry: JournalEntry, _ reason: JournalDivergence.Reason, _ actual: String
  ) -> JournalDivergence {
    JournalDivergence(
      index: index, kind: entry.event.kind, source: entry.source, reason: reason,
      expected: JournalTracer.text(of: entry.event), actual: actual)
  }
}
