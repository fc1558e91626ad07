import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// What replaying a journal in a fresh app found: where it first diverged, if it did, and the
/// replay's own journal.
///
/// ```swift
/// let exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// let journal = await exploration.record([.action("Sign in"), .back])
/// let replay = await exploration.replay(journal)
/// print(replay.divergence?.description ?? "replayed \(replay.fedCount) inputs faithfully")
/// ```
public struct JournalReplay: Sendable {
  /// The first entry of the recorded journal that the replay did not reproduce; `nil` when every
  /// entry was.
  public var divergence: JournalDivergence?
  /// What the replay itself recorded: the inputs it fed, what the fresh app did, its checkpoints.
  public var journal: Journal
  /// The replayed app's state at the end (the exploration's ``Exploration/state``).
  public var finalState: String
  /// How many recorded inputs and effect outputs the replay fed to the app.
  public var fedCount: Int
  /// How many recorded entries the fresh app reproduced by itself (a screen's load-time action,
  /// a step sent by synchronous code) or after an input, checks included.
  public var matchedCount: Int

  /// Whether every recorded entry was reproduced.
  public var isFaithful: Bool { divergence == nil }
}

/// The first entry of a recorded journal that a replay did not reproduce.
public struct JournalDivergence: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why the replay stopped there.
  public enum Reason: Sendable, Equatable {
    /// The fresh app did something else (``JournalDivergence/actual``).
    case differs
    /// The fresh app did nothing of that kind there.
    case missing
    /// The recorded input could not be fed: nothing sits at its source, the gesture is not
    /// available, or its value cannot be rebuilt (``JournalDivergence/actual`` says which).
    case cannotFeed
  }

  /// The entry's index in the recorded journal's `Journal.entries`.
  public var index: Int
  /// The entry's kind.
  public var kind: JournalEntry.Kind
  /// Where the entry happened.
  public var source: JournalSource
  /// Why the replay stopped there.
  public var reason: Reason
  /// What the recorded entry says happened.
  public var expected: String
  /// What happened in the replay instead (or why the input could not be fed).
  public var actual: String

  /// `Entry 12 (mutation at AppFlow/0 > ListReactor/0): expected setItems(["tea"]), but the app did setItems([])`,
  /// its untrusted parts escaped.
  public var description: String {
    let quoted = ReactorFlowDiagnostics.escaped
    let head = "Entry \(index) (\(kind.rawValue) at \(quoted(source.description)))"
    switch reason {
    case .differs:
      return "\(head): expected \(quoted(expected)), but the app did \(quoted(actual))."
    case .missing:
      return "\(head): expected \(quoted(expected)), but the app did nothing of the kind there."
    case .cannotFeed:
      return "\(head): could not feed \(quoted(expected)): \(quoted(actual))"
    }
  }
}

extension JournalReplay {
  /// The kinds of entries a replay checks by default: mutations, navigation, diagnostics, state
  /// snapshots and rendered trees.
  public static let defaultChecks: Set<JournalEntry.Kind> = [
    .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree,
  ]
}

extension Exploration {
  /// Records a session of the app along `path` (the explorer's inputs, from a fresh launch): its
  /// inputs, the effects' outputs, mutations, navigation and diagnostics, and a checkpoint
  /// (``recordCheckpoint(of:)``) after the launch and after each input has settled.
  ///
  /// Values that are `Encodable` are encoded as they are recorded, so that the journal replays
  /// once written to a file and read back.
  public func record(_ path: [ExplorationInput]) async -> Journal {
    let recorder = JournalRecorder()
    recorder.encodesValuesAsRecorded()
    let run = AppRun()
    run.recorder = recorder
    run.coordinator.record(into: recorder)
    launch(run)
    run.window.record(into: recorder)
    if run.settlesAfterLaunch { await run.settleNow() }
    recordCheckpoint(of: run)
    let replay = Replay(exploration: self)
    for input in path {
      let action = replay.actionFor(input, in: replay.availableActions(run))
      _ = await replay.apply(input, action: action, on: run)
      await run.settleNow()
      recordCheckpoint(of: run)
    }
    run.coordinator.stopRecording()
    run.window.record(into: nil)
    run.tearDown()
    return recorder.journal
  }

  /// Records a checkpoint of `run` into its recorder (``AppRun/recorder``; nothing when it has
  /// none): the rendered tree as ``state`` gives it, then the state of every reactor its
  /// coordinator contributed whose state is `Codable`, encoded now.
  public func recordCheckpoint(of run: AppRun) {
    guard let recorder = run.recorder else { return }
    recorder.recordRenderedTree(state(run.window))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (source, reactor) in run.coordinator.recordedReactors {
      let state = reactor.journalState
      guard let encodable = state as? any Encodable, let json = try? encoder.encode(encodable) else {
        continue
      }
      recorder.record(
        .stateSnapshot(
          JournalPayload(
            typeName: String(reflecting: type(of: state)), description: String(describing: state),
            json: String(decoding: json, as: UTF8.self))),
        from: source)
    }
  }

  /// Replays `journal` in a fresh app: launches it as ``launch`` does, records it, and walks the
  /// recorded entries in order, with the effects' asynchronous parts substituted (no operation,
  /// sequence or timer starts: no network, database or clock is touched).
  ///
  /// - An input (an action, a step, a deep link, a gesture) that the fresh app already produced by
  ///   itself — a screen's load-time action, a step sent by synchronous code — counts as matched;
  ///   otherwise it is fed (to the reactor or stepper at its source, to the window), and the app
  ///   settles.
  /// - An effect's output is always fed, to the reactor at its source, as its effect's output.
  /// - An entry of a kind in `checking` is compared with the replay's next unmatched entry of the
  ///   same kind and source; at a checkpoint (a rendered tree, a state), the replay takes its own.
  ///
  /// The first entry not reproduced stops the replay and is its ``JournalReplay/divergence``.
  /// Values are the recorded ones, or decoded from the file (their types must be `Codable`;
  /// a step's type must be among `steps`, to be found by its recorded name).
  public func replay(
    _ journal: Journal, checking: Set<JournalEntry.Kind> = JournalReplay.defaultChecks,
    steps: [any (Step & Decodable).Type] = []
  ) async -> JournalReplay {
    await EffectSubstitution.substituting {
      var replayer = JournalReplayer(exploration: self, checking: checking, stepTypes: steps)
      return await replayer.replay(journal)
    }
  }
}

/// What restoring an app's navigation from a journal did: where it stopped and what it shows.
///
/// ```swift
/// let exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// let journal = await exploration.record([.action("Sign in"), .back])
/// let restoration = await exploration.restore(from: journal)
/// print(restoration.gate ?? "restored", restoration.state)
/// ```
public struct JournalRestoration: Sendable {
  /// The index of the journal's entry at which restoration stopped at a gate (the gate's step, or
  /// the input that showed a gate screen); `nil` when it replayed every navigation input.
  public var stoppedAt: Int?
  /// The gate it stopped at (the step, or the gate screen's title); `nil` when it did not stop.
  public var gate: String?
  /// The navigation input that could not be fed, if one could not (restoration stopped there).
  public var problem: JournalDivergence?
  /// The restored app's state (the exploration's ``Exploration/state``).
  public var state: String
  /// How many navigation inputs were fed.
  public var fedCount: Int

  /// Whether restoration stopped at a gate.
  public var stoppedAtGate: Bool { stoppedAt != nil }
}

extension Exploration {
  /// Restores the navigation a journal recorded, in a fresh app: replays its navigation inputs
  /// only — steps, deep links, gestures — with the effects' asynchronous parts not started and no
  /// recorded output fed (actions are not sent: the steps they led to were recorded as steps). It
  /// never passes a gate: once a `RestorationGate` step has been handled, or an input leaves a
  /// gate screen on top (``ExplorableScreen/isGate``), it stops there, and says where.
  ///
  /// A step read from a file is decoded as one of `steps` (by its recorded type's name).
  public func restore(from journal: Journal, steps: [any (Step & Decodable).Type] = []) async
    -> JournalRestoration
  {
    await EffectSubstitution.substituting {
      var replayer = JournalReplayer(exploration: self, checking: [], stepTypes: steps, restores: true)
      let replay = await replayer.replay(journal)
      return JournalRestoration(
        stoppedAt: replayer.gate?.index, gate: replayer.gate?.name, problem: replay.divergence,
        state: replay.finalState, fedCount: replay.fedCount)
    }
  }
}

/// Walks a recorded journal through a fresh app (see ``Exploration/replay(_:checking:steps:)``
/// and ``Exploration/restore(from:steps:)``).
@MainActor
struct JournalReplayer {
  let exploration: Exploration
  let checking: Set<JournalEntry.Kind>
  let stepTypes: [any (Step & Decodable).Type]
  /// Restoring: only the navigation inputs are fed, and the walk stops at a gate.
  let restores: Bool
  let recorder = JournalRecorder()
  let run = AppRun()
  /// The sequence numbers of the replay's entries matched with recorded ones.
  var matched: Set<UInt64> = []
  var fedCount = 0
  /// Where restoration stopped at a gate: the entry's index and what the gate is.
  var gate: (index: Int, name: String)?

  init(
    exploration: Exploration, checking: Set<JournalEntry.Kind>, stepTypes: [any (Step & Decodable).Type],
    restores: Bool = false
  ) {
    self.exploration = exploration
    self.checking = checking
    self.stepTypes = stepTypes
    self.restores = restores
  }

  mutating func replay(_ journal: Journal) async -> JournalReplay {
    recorder.encodesValuesAsRecorded()
    run.recorder = recorder
    run.coordinator.record(into: recorder)
    exploration.launch(run)
    run.window.record(into: recorder)
    if run.settlesAfterLaunch { await run.settleNow() }
    var divergence: JournalDivergence?
    for (index, entry) in journal.entries.enumerated() {
      if let found = await walk(entry, at: index) {
        divergence = found
        break
      }
      if gate != nil { break }
    }
    let result = JournalReplay(
      divergence: divergence, journal: recorder.journal, finalState: exploration.state(run.window),
      fedCount: fedCount, matchedCount: matched.count)
    run.coordinator.stopRecording()
    run.window.record(into: nil)
    run.tearDown()
    return result
  }

  /// Reproduces one recorded entry; the divergence, if it was not.
  private mutating func walk(_ entry: JournalEntry, at index: Int) async -> JournalDivergence? {
    let kind = entry.event.kind
    func diverged(_ reason: JournalDivergence.Reason, _ actual: String) -> JournalDivergence {
      JournalDivergence(
        index: index, kind: kind, source: entry.source, reason: reason, expected: Self.text(of: entry.event),
        actual: actual)
    }
    switch kind {
    case .action, .step, .deepLink, .gesture, .effectOutput:
      // Restoring: the navigation inputs only (an action's steps were recorded as steps).
      if restores, kind == .action || kind == .effectOutput { return nil }
      if kind != .effectOutput, let produced = unmatched(like: entry) {
        matched.insert(produced)
        noteGate(entry, at: index)
        return nil
      }
      if let problem = feed(entry) { return diverged(.cannotFeed, problem) }
      fedCount += 1
      await run.settleNow()
      guard let fed = unmatched(like: entry) else {
        return diverged(.missing, "")
      }
      matched.insert(fed)
      noteGate(entry, at: index)
      return nil
    case .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree:
      guard !restores, checking.contains(kind) else { return nil }
      if kind == .stateSnapshot || kind == .renderedTree, next(kind, at: entry.source) == nil {
        exploration.recordCheckpoint(of: run)
      }
      guard let (sequence, event) = next(kind, at: entry.source) else {
        return diverged(.missing, "")
      }
      matched.insert(sequence)
      guard Self.same(event, entry.event) else { return diverged(.differs, Self.text(of: event)) }
      return nil
    }
  }

  /// Restoring: notes a gate reached by `entry` — a `RestorationGate` step, or an input after
  /// which the top screen is a gate (``ExplorableScreen/isGate``).
  private mutating func noteGate(_ entry: JournalEntry, at index: Int) {
    guard restores else { return }
    if case .step(let payload) = entry.event, let gateStep = try? step(of: payload) as? any RestorationGate,
      gateStep.isRestorationGate
    {
      gate = (index, String(describing: gateStep))
      return
    }
    let top = run.window.topScreen
    let reactor = (top as? any View)?.reactor as? ExplorableScreen
    if let top, (top as? ExplorableScreen)?.isGate == true || reactor?.isGate == true {
      gate = (index, top.title.isEmpty ? top.kind : top.title)
    }
  }

  /// The replay's first unmatched entry that is the same as `entry` (kind, source, value).
  private func unmatched(like entry: JournalEntry) -> UInt64? {
    recorder.journal.entries.first { candidate in
      !matched.contains(candidate.time.sequence) && candidate.source == entry.source
        && Self.same(candidate.event, entry.event)
    }?.time.sequence
  }

  /// The replay's next unmatched entry of `kind` at `source`.
  private func next(_ kind: JournalEntry.Kind, at source: JournalSource) -> (UInt64, JournalEntry.Event)? {
    recorder.journal.entries.first { candidate in
      !matched.contains(candidate.time.sequence) && candidate.event.kind == kind && candidate.source == source
    }.map { ($0.time.sequence, $0.event) }
  }

  /// Feeds a recorded input to the fresh app; what prevented it, if something did.
  private func feed(_ entry: JournalEntry) -> String? {
    let coordinator = run.coordinator
    do {
      switch entry.event {
      case .action(let payload):
        guard let reactor = coordinator.reactor(at: entry.source) else { return noReactor(at: entry.source) }
        let action = try Self.value(of: payload, as: reactor.journalActionType)
        return reactor.replaySend(action) ? nil : mismatch(payload, reactor.journalActionType)
      case .effectOutput(let effect, let payload):
        guard let reactor = coordinator.reactor(at: entry.source) else { return noReactor(at: entry.source) }
        let mutation = try Self.value(of: payload, as: reactor.journalMutationType)
        return reactor.replayDeliver(mutation, effect: effect)
          ? nil : mismatch(payload, reactor.journalMutationType)
      case .step(let payload):
        guard let step = try step(of: payload) else {
          return """
            no step type is named \(payload.typeName): pass it in `steps:` (it must conform to Codable) \
            to replay a journal read from a file.
            """
        }
        return coordinator.emitStep(step, from: entry.source)
          ? nil : "no stepper sits at \(entry.source) in the replayed app."
      case .deepLink(let link):
        guard let open = exploration.openDeepLink else {
          return "set the exploration's `openDeepLink` to replay deep links."
        }
        open(link, run)
        return nil
      case .gesture(let gesture):
        return perform(gesture, at: entry.source) ? nil : "the gesture is not available in the replayed app."
      case .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree:
        return nil
      }
    } catch {
      return error.description
    }
  }

  private func noReactor(at source: JournalSource) -> String {
    "no reactor sits at \(source) in the replayed app (is it contributed to its flow?)."
  }

  private func mismatch(_ payload: JournalPayload, _ type: Any.Type) -> String {
    "the recorded \(payload.typeName) is not a \(String(reflecting: type))."
  }

  private func perform(_ gesture: JournalGesture, at source: JournalSource) -> Bool {
    let window = run.window
    switch gesture {
    case .back: return window.userTapsBack()
    case .swipeDown: return window.userSwipesDown()
    case .selectTab(let index):
      return window.userSelectsTab(at: index, tabBar: source.path.last?.ordinal ?? 0)
    }
  }

  private func step(of payload: JournalPayload) throws(JournalPayloadError) -> (any Step)? {
    if let value = payload.value { return value as? any Step }
    guard let type = stepTypes.first(where: { String(reflecting: $0) == payload.typeName }) else {
      return nil
    }
    return try Self.value(of: payload, as: type) as? any Step
  }

  /// The recorded value, or its encoded form decoded as `type`.
  static func value(of payload: JournalPayload, as type: Any.Type) throws(JournalPayloadError) -> Any {
    if let value = payload.value { return value }
    guard let decodable = type as? any Decodable.Type else {
      throw .notCodable(type: String(reflecting: type))
    }
    func decode<T: Decodable>(_: T.Type) throws(JournalPayloadError) -> Any {
      try payload.decoded(as: T.self)
    }
    return try decode(decodable)
  }

  /// Whether two events say the same: kind, and value (by type and description, or encoded form
  /// for states).
  nonisolated static func same(_ lhs: JournalEntry.Event, _ rhs: JournalEntry.Event) -> Bool {
    switch (lhs, rhs) {
    case (.action(let a), .action(let b)), (.step(let a), .step(let b)), (.mutation(let a), .mutation(let b)):
      return a.typeName == b.typeName && a.description == b.description
    case (.effectOutput(let n, let a), .effectOutput(let m, let b)):
      return n == m && a.typeName == b.typeName && a.description == b.description
    case (.stateSnapshot(let a), .stateSnapshot(let b)):
      if let x = a.json, let y = b.json { return x == y }
      return a.description == b.description
    case (.deepLink(let a), .deepLink(let b)), (.navigation(let a), .navigation(let b)),
      (.diagnostic(let a), .diagnostic(let b)), (.renderedTree(let a), .renderedTree(let b)):
      return a == b
    case (.gesture(let a), .gesture(let b)):
      return a == b
    default:
      return false
    }
  }

  /// What an event says, for a divergence.
  nonisolated static func text(of event: JournalEntry.Event) -> String {
    switch event {
    case .action(let payload), .step(let payload), .mutation(let payload), .stateSnapshot(let payload):
      return payload.description
    case .effectOutput(let effect, let payload):
      return "effect \(effect): \(payload.description)"
    case .deepLink(let text), .navigation(let text), .diagnostic(let text), .renderedTree(let text):
      return text
    case .gesture(let gesture):
      return gesture.description
    }
  }
}
