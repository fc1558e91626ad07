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
  /// `source`, as the recorder numbers it.
  @usableFromInline let sourceNumber: Int
  /// Whether the reactor's actions and mutations are kept as they are: set only by the
  /// initializer that requires them to be `Sendable`.
  @usableFromInline let keepsValues: Bool

  /// A journal that keeps each action and mutation as it is (encoded when the journal is written).
  init(recorder: JournalRecorder, source: JournalSource) where R.Action: Sendable, R.Mutation: Sendable {
    self.recorder = recorder
    self.source = source
    // Made here, where the actions and mutations are known to be `Sendable`; called when the
    // journal is read, not as values are recorded.
    sourceNumber = recorder.register(source, of: ObjectIdentifier(R.self)) { value in
      if let action = value as? R.Action { return JournalPayload(action) }
      if let mutation = value as? R.Mutation { return JournalPayload(mutation) }
      return .described(value)
    }
    keepsValues = true
  }

  /// A journal for a reactor whose actions or mutations are not `Sendable`: each is kept as its
  /// type's name and its description, made when it is recorded (a value that is not `Sendable`
  /// cannot be kept in a journal that any thread reads).
  init(describing _: R.Type, recorder: JournalRecorder, source: JournalSource) {
    self.recorder = recorder
    self.source = source
    sourceNumber = recorder.register(source, of: ObjectIdentifier(R.self), payload: nil)
    keepsValues = false
  }

  /// Records `action`, sent to the reactor: unless the reactor is handling an action (then it was
  /// sent from `mutate`, `reduce` or an observer of this reactor, and replaying the action that
  /// caused it sends it again).
  ///
  /// Inlined into the store's recorded path, specialised for the reactor: the value goes into the
  /// recorder's entry as it is, with no call through a closure (docs/MEASUREMENTS.md).
  @inlinable
  func recordAction(_ action: R.Action, isDispatching: Bool) {
    guard !isDispatching else { return }
    if keepsValues {
      recorder.append(.action, Self.kept(action), fromSourceNumber: sourceNumber)
    } else {
      recordDescribed(action, kind: .action)
    }
  }

  /// Records `mutation`, delivered by the asynchronous part of the reactor's effect number
  /// `effect` (before the mutation itself is recorded, as it is reduced).
  func recordEffectOutput(_ mutation: R.Mutation, effect: Int) {
    if keepsValues {
      recorder.append(.effectOutput, effect: effect, Self.kept(mutation), fromSourceNumber: sourceNumber)
    } else {
      recordDescribed(mutation, kind: .effectOutput, effect: effect)
    }
  }

  /// Records `mutation`, about to be reduced.
  @inlinable
  func recordMutation(_ mutation: R.Mutation) {
    if keepsValues {
      recorder.append(.mutation, Self.kept(mutation), fromSourceNumber: sourceNumber)
    } else {
      recordDescribed(mutation, kind: .mutation)
    }
  }

  /// `value`, an action or a mutation of the reactor, as the recorder keeps it: only while
  /// ``keepsValues``, which the initializer that requires `Sendable` actions and mutations sets.
  @inlinable
  static func kept(_ value: R.Action) -> Any { value }

  @inlinable
  static func kept(_ value: R.Mutation) -> Any { value }

  /// Records `value` as its type's name and its description (see ``init(describing:recorder:source:)``).
  @usableFromInline
  func recordDescribed<Value>(_ value: Value, kind: JournalEntry.Kind, effect: Int = 0) {
    recorder.append(
      kind, shape: .payload, effect: effect, JournalPayload.described(value, by: recorder), from: source)
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
