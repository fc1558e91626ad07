import ReactorFlow

/// Brings a running app back to where a journal left it: feeds the journal's navigation inputs —
/// steps, deep links, gestures — to the app's coordinator, and stops at every gate.
///
/// A relaunched app makes one from the journal of its last session, once its first screen is
/// shown and it is idle, and calls ``restore(settle:)``. Restoration never passes a gate (a step
/// whose ``RestorationGate/isRestorationGate`` is `true`, or a screen `gate` names): it stops
/// there, and the user goes on from it — signs in, types the PIN. Call ``restore(settle:)``
/// again after each of the user's inputs: once the app itself does what the journal recorded
/// next (the step of a successful sign-in), restoration goes on, up to the next gate.
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
///   steps, a step an effect emitted — is matched with the journal's, not fed again.
/// - **Actions and effect outputs are not fed:** what an action led to was recorded as steps,
///   and a restored screen loads its data live, as it does when the user goes there (restoration
///   saves, sends and signs in nothing on the user's behalf).
///
/// The app's coordinator must record (``FlowCoordinator/record(into:)``), so that restoration
/// sees what the app does by itself; when it does not, restoration records it into a recorder of
/// its own until it ends.
@MainActor
public final class NavigationRestoration {
  /// Where a restoration is.
  public enum Status: Sendable, Equatable, CustomStringConvertible {
    /// Inputs are left to feed: ``NavigationRestoration/restore(settle:)`` goes on.
    case ready
    /// Stopped at a gate, reached by the journal's entry at `index`: the user goes on from it.
    /// Once the app does what the journal recorded after the gate,
    /// ``NavigationRestoration/restore(settle:)`` goes on.
    case atGate(index: Int, gate: String)
    /// Every navigation input of the journal was restored.
    case finished
    /// An input could not be restored; nothing after it was fed.
    case failed(JournalDivergence)
    /// ``NavigationRestoration/cancel()`` ended it.
    case cancelled

    /// `stopped at the gate pinIsRequired (entry 12)`, `finished`…
    public var description: String {
      switch self {
      case .ready: return "ready"
      case .atGate(let index, let gate):
        return "stopped at the gate \(ReactorFlowDiagnostics.escaped(gate)) (entry \(index))"
      case .finished: return "finished"
      case .failed(let divergence): return "failed: \(divergence)"
      case .cancelled: return "cancelled"
      }
    }

    /// Whether restoration has ended: finished, failed or cancelled.
    public var hasEnded: Bool {
      switch self {
      case .ready, .atGate: return false
      case .finished, .failed, .cancelled: return true
      }
    }
  }

  /// Where the restoration is now.
  public private(set) var status: Status = .ready

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
  /// The sequence numbers of the app's entries matched with the journal's.
  private var matched: Set<UInt64> = []
  /// The app's entries up to this sequence number are not matched any more: what the user did at
  /// a gate, before passing it.
  private var floor: UInt64 = 0
  private var isRestoring = false

  /// A restoration of `journal`'s navigation in the app `coordinator` runs.
  ///
  /// - Parameters:
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
    inputs = journal.entries.enumerated().compactMap { index, entry in
      switch entry.event.kind {
      case .step, .deepLink, .gesture: return (index, entry)
      default: return nil
      }
    }
    self.coordinator = coordinator
    stepTypes = steps
    self.performGesture = performGesture
    self.openDeepLink = openDeepLink
    self.gateScreen = gateScreen
    if coordinator.recorder == nil {
      let recorder = JournalRecorder()
      coordinator.record(into: recorder)
      ownRecorder = recorder
    }
  }

  /// Feeds the journal's navigation inputs, each once the app is idle after the previous one
  /// (`settle` returns when it is), up to the next gate or the end; what it came to.
  ///
  /// At a gate, it feeds nothing until the app does, by itself, what the journal recorded after
  /// the gate: call it again after each of the user's inputs. Once restoration has ended, it
  /// returns its ``status``.
  @discardableResult
  public func restore(settle: @MainActor () async -> Void) async -> Status {
    guard !status.hasEnded, !isRestoring else { return status }
    isRestoring = true
    defer { isRestoring = false }
    while position < inputs.count {
      let (index, entry) = inputs[position]
      if let produced = unmatched(like: entry) {
        matched.insert(produced)
        if case .atGate = status { floor = produced }
      } else if case .atGate = status {
        return status
      } else {
        if let problem = feed(entry) {
          return end(.failed(divergence(at: index, entry, .cannotFeed, problem)))
        }
        await settle()
        if status.hasEnded { return status }
        if let fed = unmatched(like: entry) {
          matched.insert(fed)
        } else if entry.event.kind == .step {
          return end(.failed(divergence(at: index, entry, .missing, "")))
        }
      }
      position += 1
      status = .ready
      if let gate = gate(reachedBy: entry) {
        status = .atGate(index: index, gate: gate)
        return status
      }
    }
    return end(.finished)
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

  /// The app's first entry, after ``floor`` and not matched yet, that is the same as `entry`.
  private func unmatched(like entry: JournalEntry) -> UInt64? {
    guard let recorder = coordinator.recorder else { return nil }
    return recorder.journal.entries.first { candidate in
      candidate.time.sequence > floor && !matched.contains(candidate.time.sequence)
        && candidate.source == entry.source && candidate.event.isSame(as: entry.event)
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
