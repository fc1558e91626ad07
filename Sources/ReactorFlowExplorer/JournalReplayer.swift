import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// Walks a recorded journal through a fresh app (see ``Exploration/replay(_:checking:steps:progress:)``
/// and ``Exploration/restore(from:steps:)``).
@MainActor
struct JournalReplayer {
  let exploration: Exploration
  let checking: Set<JournalEntry.Kind>
  let stepTypes: [any (Step & Decodable).Type]
  /// The fresh app, recorded into ``recorder`` (``AppRun/recorded(_:into:)``).
  let run: AppRun
  let recorder: JournalRecorder
  /// The sequence numbers of the replay's entries matched with recorded ones.
  var matched: Set<UInt64> = []
  /// How many of the replay's entries were looked at for extra ones at least once.
  var scanned = 0
  /// The replay's entries (their positions) not matched yet that a recorded entry may account
  /// for, by that entry's index: each is looked at again once that entry is walked, not at every
  /// entry walked before it.
  var due: [Int: [Int]] = [:]
  var fedCount = 0
  /// How many of the replay's entries were looked at to match recorded ones (what a test of the
  /// replay's cost per entry counts).
  var examined = 0
  /// Where an entry was recorded in the replay: its kind and source.
  struct Place: Hashable {
    let kind: JournalEntry.Kind
    let source: JournalSource
  }
  /// The replay's entries that may not be matched yet, by place, in order (those matched at the
  /// front are let go as they are met).
  var unmatchedByPlace: [Place: ArraySlice<JournalEntry>] = [:]
  /// How many of the replay's entries are in ``unmatchedByPlace`` (or were let go).
  var indexed = 0

  init(
    exploration: Exploration, checking: Set<JournalEntry.Kind>, stepTypes: [any (Step & Decodable).Type],
    run: AppRun, recorder: JournalRecorder
  ) {
    self.run = run
    self.recorder = recorder
    self.exploration = exploration
    self.checking = checking
    self.stepTypes = stepTypes
  }

  mutating func replay(
    _ journal: Journal, progress: (@MainActor (_ walked: Int, _ total: Int) -> Void)? = nil
  ) async -> JournalReplay {
    var divergence: JournalDivergence?
    let recorded = journal.entries
    for (index, entry) in recorded.enumerated() {
      if let found = await walk(entry, at: index) {
        divergence = found
        break
      }
      if let found = unexpected(walking: index, of: recorded) {
        divergence = found
        break
      }
      progress?(index + 1, recorded.count)
    }
    let result = JournalReplay(
      divergence: divergence, journal: recorder.journal, finalState: exploration.state(run.window),
      fedCount: fedCount, matchedCount: matched.count, examinedCount: examined)
    run.stopRecordingAndTearDown()
    return result
  }

  /// Reproduces one recorded entry; the divergence, if it was not.
  private mutating func walk(_ entry: JournalEntry, at index: Int) async -> JournalDivergence? {
    let kind = entry.event.kind
    func diverged(_ reason: JournalDivergence.Reason, _ actual: String) -> JournalDivergence {
      JournalDivergence(
        index: index, kind: kind, source: entry.source, reason: reason,
        expected: JournalTracer.text(of: entry.event), actual: actual)
    }
    switch kind {
    case .action, .step, .deepLink, .gesture, .effectOutput:
      // Produced already: an input the app sent itself, or an effect's output the app delivered
      // (what a `transform(action:)` stream let go at once; what follows an operation cancelled
      // by another action, which a replay cancels too).
      if let produced = unmatched(like: entry) {
        matched.insert(produced)
        return nil
      }
      if let problem = feed(entry) { return diverged(.cannotFeed, problem) }
      fedCount += 1
      await run.settleNow()
      guard let fed = unmatched(like: entry) else {
        return diverged(.missing, "")
      }
      matched.insert(fed)
      return nil
    case .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree:
      guard checking.contains(kind) else { return nil }
      if kind == .stateSnapshot || kind == .renderedTree, next(kind, at: entry.source) == nil {
        exploration.recordCheckpoint(of: run)
      }
      guard let (sequence, event) = next(kind, at: entry.source) else {
        return diverged(.missing, "")
      }
      matched.insert(sequence)
      guard event.isSame(as: entry.event) else { return diverged(.differs, JournalTracer.text(of: event)) }
      return nil
    }
  }

  /// The replay's first entry that nothing recorded accounts for, once `recorded[index]` is
  /// walked: an input or an entry of a kind checked, not matched,
  /// and not the same as an entry recorded after `index` (an input; of a kind checked, one of its
  /// kind at its source) — one recorded later may come later because the app did things in
  /// another order, or be the next entry walked.
  ///
  /// An effect's output the app delivered itself is left out: it is the app's own work, whose
  /// mutations are checked, and a journal recorded by an earlier version may not have it (what a
  /// `transform(action:)` stream let go at once was not recorded as its output then).
  /// Checkpoints are left out too: the replay takes its own when the recording has one (every state,
  /// where the recording may have fewer). So are diagnostics: they are reported process-wide, and
  /// a replay's journal may hold ones from elsewhere in the process.
  private mutating func unexpected(walking index: Int, of recorded: [JournalEntry]) -> JournalDivergence? {
    let entries = recorder.journal.entries
    // The entries due now (accounted for by the entry just walked), then those new since.
    var positions = due.removeValue(forKey: index) ?? []
    positions.sort()
    positions += scanned..<entries.count
    scanned = entries.count
    for position in positions {
      examined += 1
      let candidate = entries[position]
      guard isLookedAt(candidate.event.kind), !matched.contains(candidate.time.sequence) else { continue }
      let accounting = recorded[(index + 1)...].firstIndex {
        examined += 1
        return accounts(for: candidate, $0)
      }
      if let accounting {
        due[accounting, default: []].append(position)
        continue
      }
      return JournalDivergence(
        index: index, kind: candidate.event.kind, source: candidate.source, reason: .unexpected,
        expected: JournalDivergence.nothingRecorded, actual: JournalTracer.text(of: candidate.event))
    }
    return nil
  }

  /// Whether an extra entry of `kind` in the replay is a divergence (see ``unexpected(walking:of:)``).
  private func isLookedAt(_ kind: JournalEntry.Kind) -> Bool {
    switch kind {
    case .action, .step, .deepLink, .gesture: return true
    case .mutation, .navigation: return checking.contains(kind)
    case .effectOutput, .diagnostic, .stateSnapshot, .renderedTree: return false
    }
  }

  /// Whether the recorded entry `recorded` may be matched with the replay's `entry` when it is
  /// walked: the same input, or an entry of the same checked kind at the same source.
  private func accounts(for entry: JournalEntry, _ recorded: JournalEntry) -> Bool {
    guard recorded.source == entry.source, recorded.event.kind == entry.event.kind else { return false }
    return !entry.event.kind.isInput || recorded.event.isSame(as: entry.event)
  }

  /// The replay's first unmatched entry that is the same as `entry` (kind, source, value).
  private mutating func unmatched(like entry: JournalEntry) -> UInt64? {
    firstUnmatched(entry.event.kind, at: entry.source) { $0.event.isSame(as: entry.event) }?.time.sequence
  }

  /// The replay's next unmatched entry of `kind` at `source`.
  private mutating func next(_ kind: JournalEntry.Kind, at source: JournalSource) -> (
    UInt64, JournalEntry.Event
  )? {
    firstUnmatched(kind, at: source) { _ in true }.map { ($0.time.sequence, $0.event) }
  }

  /// The replay's first unmatched entry of `kind` at `source` that `isMatch` accepts. Only the
  /// entries of that kind and source are looked at, from the first one not matched yet: a match
  /// costs what the app did there since the last one, not the whole replay again.
  private mutating func firstUnmatched(
    _ kind: JournalEntry.Kind, at source: JournalSource, where isMatch: (JournalEntry) -> Bool
  ) -> JournalEntry? {
    let entries = recorder.journal.entries
    for entry in entries[indexed...] {
      unmatchedByPlace[Place(kind: entry.event.kind, source: entry.source), default: []].append(entry)
    }
    indexed = entries.count
    let place = Place(kind: kind, source: source)
    guard var queue = unmatchedByPlace.removeValue(forKey: place) else { return nil }
    defer { unmatchedByPlace[place] = queue }
    while queue.first.map({ matched.contains($0.time.sequence) }) == true {
      examined += 1
      queue.removeFirst()
    }
    for candidate in queue where !matched.contains(candidate.time.sequence) {
      examined += 1
      if isMatch(candidate) { return candidate }
    }
    return nil
  }

  /// Feeds a recorded input to the fresh app; what prevented it, if something did.
  private func feed(_ entry: JournalEntry) -> String? {
    let coordinator = run.coordinator
    do {
      switch entry.event {
      case .action(let payload):
        guard let reactor = reactor(at: entry.source) else { return noReactor(at: entry.source) }
        let action = try payload.value(as: reactor.journalActionType)
        return reactor.replaySend(action) ? nil : mismatch(payload, reactor.journalActionType)
      case .effectOutput(let effect, let payload):
        guard let reactor = reactor(at: entry.source) else { return noReactor(at: entry.source) }
        let mutation = try payload.value(as: reactor.journalMutationType)
        return reactor.replayDeliver(mutation, effect: effect)
          ? nil : mismatch(payload, reactor.journalMutationType)
      case .step(let payload):
        guard let step = try payload.step(among: stepTypes) else {
          return JournalPayload.unknownStepType(payload.typeName)
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
        return run.window.perform(gesture, at: entry.source)
          ? nil : "the gesture is not available in the replayed app."
      case .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree:
        return nil
      }
    } catch {
      return error.description
    }
  }

  /// The reactor recorded at `source` in the replayed app: contributed to a flow of its
  /// coordinator, or bound to a screen of its window.
  private func reactor(at source: JournalSource) -> (any Reactor)? {
    run.coordinator.reactor(at: source) ?? run.window.recordedReactor(at: source)
  }

  private func noReactor(at source: JournalSource) -> String {
    """
    no reactor sits at \(source) in the replayed app: contribute it to its flow, or record it \
    as \(source) with `record(into:as:)` and bind it to a screen of the window.
    """
  }

  private func mismatch(_ payload: JournalPayload, _ type: Any.Type) -> String {
    "the recorded \(payload.typeName) is not a \(String(reflecting: type))."
  }
}
