/// What a reactor's store records, once a ``JournalRecorder`` records the reactor: the actions
/// sent to it from outside and the mutations it reduces, as entries of `source`.
///
/// The store holds it as an optional (`nil` when the reactor is not recorded): its hooks check it
/// once per action and once per mutation, and call in only when it is set.
@MainActor
@usableFromInline
final class StoreJournal<R: Reactor> {
  @usableFromInline let recorder: JournalRecorder
  @usableFromInline let source: JournalSource
  /// Whether the reactor's actions and mutations are kept as they are, in `entries`: set only by
  /// the initializer that requires them to be `Sendable` (otherwise they are described as they
  /// are recorded).
  @usableFromInline let keepsValues: Bool
  /// The entries of the reactor's ``StoreLog``, and the recorder's state: they share one lock.
  /// Held here, one reference away, rather than through the log and the recorder: the recorded
  /// path then retains this journal around the lock, not each of them (docs/MEASUREMENTS.md).
  @usableFromInline let entries: LockedState<EntryGenerations<StoreLog<R>.Entry>>
  @usableFromInline let recorderState: LockedState<JournalRecorder.State>
  /// The log, as the recorder reads it (typed where its values are known to be `Sendable`).
  let recordedLog: (any RecordedLog)?

  /// A journal that keeps each action and mutation as it is (encoded when the journal is written).
  init(recorder: JournalRecorder, source: JournalSource) where R.Action: Sendable, R.Mutation: Sendable {
    self.recorder = recorder
    self.source = source
    let reader = recorder.log(for: source, of: R.self)
    keepsValues = true
    entries = reader.log.entries
    recorderState = recorder.state
    recordedLog = reader
  }

  /// A journal for a reactor whose actions or mutations are not `Sendable`: each is kept as its
  /// type's name and its description, made when it is recorded (a value that is not `Sendable`
  /// cannot be kept in a journal that any thread reads).
  init(describing _: R.Type, recorder: JournalRecorder, source: JournalSource) {
    self.recorder = recorder
    self.source = source
    keepsValues = false
    // Never appended to: this journal describes its values, through the recorder.
    entries = StoreLog<R>(source: source, sharingLockWith: recorder.state).entries
    recorderState = recorder.state
    recordedLog = nil
  }

  /// Records `action`, sent to the reactor from `callSite`: unless the reactor is handling an
  /// action (then it was sent from `mutate`, `reduce` or an observer of this reactor, and
  /// replaying the action that caused it sends it again).
  @inlinable @inline(__always)
  func recordAction(
    _ action: R.Action, isDispatching: Bool, from callSite: RecordedCallSite, at now: ContinuousInstant = .now
  ) {
    guard !isDispatching else { return }
    if keepsValues {
      append(.action(callSite, action), at: now)
    } else {
      recordDescribed(action, kind: .action, callSite: callSite)
    }
  }

  /// Records `mutation`, delivered by the asynchronous part of the reactor's effect number
  /// `effect` (before the mutation itself is recorded, as it is reduced).
  func recordEffectOutput(_ mutation: R.Mutation, effect: Int) {
    if keepsValues {
      append(.effectOutput(effect: effect, mutation), at: .now)
    } else {
      recordDescribed(mutation, kind: .effectOutput, effect: effect)
    }
  }

  /// Records `mutation`, about to be reduced.
  @inlinable @inline(__always)
  func recordMutation(_ mutation: R.Mutation, at now: ContinuousInstant = .now) {
    if keepsValues {
      append(.mutation(mutation), at: now)
    } else {
      recordDescribed(mutation, kind: .mutation)
    }
  }

  /// Appends `value` to the reactor's log, numbered and timed by the recorder, under the lock the
  /// log shares with it. Inlined into the store's recorded path, specialised for the reactor
  /// (docs/MEASUREMENTS.md).
  @inlinable @inline(__always)
  func append(_ value: StoreLog<R>.Value, at now: ContinuousInstant) {
    let nanoseconds = recorder.nanoseconds(at: now)
    let sequence = entries.withLock(alongside: recorderState) { entries, state -> UInt64 in
      let sequence = state.takeSequence()
      entries.append(StoreLog<R>.Entry(sequence: sequence, nanoseconds: nanoseconds, value: value))
      // 0 for no slow path: entries are numbered from 1.
      return state.needsSlowPath ? sequence : 0
    }
    if _slowPath(sequence != 0) {
      afterAppending(value, time: JournalTime(sequence: sequence, offset: .nanoseconds(nanoseconds)))
    }
  }

  /// The recorder's slow path after `value` was appended (``JournalRecorder/afterAppending(_:)``).
  @usableFromInline
  func afterAppending(_ value: StoreLog<R>.Value, time: JournalTime) {
    recorder.afterAppending { recordedLog?.journalEntry(time: time, value: value) }
  }

  /// Records `value` as its type's name and its description (see ``init(describing:recorder:source:)``).
  @usableFromInline
  func recordDescribed<Value>(
    _ value: Value, kind: JournalEntry.Kind, effect: Int = 0, callSite: RecordedCallSite = .unknown
  ) {
    recorder.append(
      kind, shape: .payload, effect: effect, JournalPayload.described(value, by: recorder), from: source,
      callSite: callSite)
  }
}

extension JournalPayload {
  /// A payload of a value that is not kept: its type's name, its description and — when
  /// `recorder` encodes such values (``JournalRecorder/encodeDescribedValues(with:)``) — its
  /// encoded form, made now.
  static func described<Value>(_ value: Value, by recorder: JournalRecorder) -> JournalPayload {
    JournalPayload(
      typeName: String(reflecting: Value.self), description: String(describing: value),
      json: recorder.encodedNow(value))
  }
}

extension ReactorStore {
  /// What the store records, when a recorder records the reactor (see ``StoreJournal``).
  var journal: StoreJournal<R>? {
    get { hot.value.journal }
    set {
      hot.value.journal = newValue
      // A recorded store leaves the direct path, whose one check then covers recording.
      updatePath()
    }
  }
}

extension Reactor where Action: Sendable, Mutation: Sendable {
  /// Records, into `recorder`, the actions sent to this reactor from outside it and the mutations
  /// it reduces, as entries of `source` (where the reactor sits: see ``JournalSource``), and the
  /// diagnostics reported meanwhile. Replaces the recorder it had.
  ///
  /// Each action and mutation is kept as it is, and encoded when the journal is written: one whose
  /// type is `Codable` replays. An action sent while the reactor handles another — from `mutate`,
  /// `reduce` or one of its observers — is not recorded: replaying the action that caused it
  /// sends it again.
  ///
  /// ```swift
  /// let recorder = JournalRecorder()
  /// let profile = ProfileReactor()
  /// profile.record(into: recorder, as: JournalSource.app.appending("AppFlow").appending("ProfileReactor"))
  /// profile.send(.follow)
  /// ```
  public func record(into recorder: JournalRecorder, as source: JournalSource) {
    DiagnosticsRouting.addRecorder(recorder)
    store.journal = StoreJournal(recorder: recorder, source: source)
  }
}

extension Reactor {
  /// Records, into `recorder`, the actions sent to this reactor from outside it and the mutations
  /// it reduces, as entries of `source`. Replaces the recorder it had.
  ///
  /// This reactor's actions or mutations are not `Sendable` (or not known to be, through a
  /// coordinator): each is kept as its type's name and its description, made when it is
  /// recorded, and replays only when the recorder encodes such values as they are recorded
  /// (``JournalRecorder/encodeDescribedValues(with:)``) and their type is `Codable`. Make them
  /// `Sendable` (and `Codable`, to replay) to keep the values.
  public func record(into recorder: JournalRecorder, as source: JournalSource) {
    DiagnosticsRouting.addRecorder(recorder)
    store.journal = StoreJournal(describing: StoreOwner.self, recorder: recorder, source: source)
  }

  /// Records this reactor into `recorder` as `source`, unless something records it already (the
  /// coordinator's way: an explicit ``record(into:as:)`` wins).
  func recordIfUnrecorded(into recorder: JournalRecorder, as source: JournalSource) {
    if store.journal == nil { record(into: recorder, as: source) }
  }

  /// Stops recording this reactor.
  public func stopRecording() {
    store.journal = nil
  }

  /// Where this reactor is recorded, if a recorder records it.
  public var recordedSource: JournalSource? {
    store.journal?.source
  }
}
