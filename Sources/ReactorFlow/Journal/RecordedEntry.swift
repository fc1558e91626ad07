/// An entry as a ``JournalRecorder`` keeps it until its journal is read, for every source but a
/// recorded reactor's store (which keeps its own, typed: ``StoreLog``): the event's kind and the
/// value it carries, not yet made into a ``JournalEntry/Event``.
///
/// `content` holds `Sendable` values only (a ``JournalPayload``, a text, a gesture or a step),
/// which is why the entry is `Sendable`: `Any` cannot say so.
struct RecordedEntry: @unchecked Sendable {
  /// How ``content`` holds what happened.
  enum Shape: UInt8, Sendable {
    /// A ``JournalPayload``.
    case payload
    /// A `String`: a deep link, a navigation event, a diagnostic, a rendered tree.
    case text
    /// A ``JournalGesture``.
    case gesture
    /// A step, as it is (a `Step` is `Sendable`).
    case step
  }

  var time: JournalTime
  let source: JournalSource
  let kind: JournalEntry.Kind
  let shape: Shape
  /// The effect's number, for ``JournalEntry/Kind/effectOutput``.
  let effect: Int
  let content: Any
  /// Where an action was sent or a step accepted, if known.
  let callSite: RecordedCallSite

  init(
    time: JournalTime, source: JournalSource, kind: JournalEntry.Kind, shape: Shape, effect: Int,
    content: consuming Any, callSite: RecordedCallSite
  ) {
    self.time = time
    self.source = source
    self.kind = kind
    self.shape = shape
    self.effect = effect
    self.content = content
    self.callSite = callSite
  }

  /// The entry as a journal holds it.
  var entry: JournalEntry {
    JournalEntry(time: time, source: source, event: event, callSite: callSite.journalCallSite)
  }

  private var event: JournalEntry.Event {
    switch shape {
    case .payload:
      return Self.event(kind, effect: effect, content as? JournalPayload ?? .described(content))
    case .text:
      let text = content as? String ?? "\(content)"
      switch kind {
      case .deepLink: return .deepLink(text)
      case .diagnostic: return .diagnostic(text)
      case .renderedTree: return .renderedTree(text)
      default: return .navigation(text)
      }
    case .gesture: return .gesture(content as? JournalGesture ?? .back)
    case .step:
      let step = content as? any Step
      return Self.event(kind, effect: effect, step.map { JournalPayload($0) } ?? .described(content))
    }
  }

  private static func event(_ kind: JournalEntry.Kind, effect: Int, _ payload: JournalPayload)
    -> JournalEntry.Event
  {
    switch kind {
    case .step: return .step(payload)
    case .effectOutput: return .effectOutput(effect: effect, payload)
    case .mutation: return .mutation(payload)
    case .stateSnapshot: return .stateSnapshot(payload)
    default: return .action(payload)
    }
  }
}

extension JournalPayload {
  /// A payload of `value`'s type's name and description (a value whose type is not known to be
  /// `Sendable`, or not kept).
  static func described(_ value: Any) -> JournalPayload {
    JournalPayload(
      typeName: String(reflecting: type(of: value)), description: String(describing: value), json: nil)
  }
}

extension RecordedEntry {
  /// `event` taken apart: its kind, its shape, its effect's number and what it carries.
  static func parts(of event: JournalEntry.Event) -> (JournalEntry.Kind, Shape, Int, Any) {
    switch event {
    case .action(let payload): return (.action, .payload, 0, payload)
    case .step(let payload): return (.step, .payload, 0, payload)
    case .deepLink(let text): return (.deepLink, .text, 0, text)
    case .gesture(let gesture): return (.gesture, .gesture, 0, gesture)
    case .effectOutput(let effect, let payload): return (.effectOutput, .payload, effect, payload)
    case .mutation(let payload): return (.mutation, .payload, 0, payload)
    case .navigation(let text): return (.navigation, .text, 0, text)
    case .diagnostic(let text): return (.diagnostic, .text, 0, text)
    case .stateSnapshot(let payload): return (.stateSnapshot, .payload, 0, payload)
    case .renderedTree(let text): return (.renderedTree, .text, 0, text)
    }
  }
}

/// Entries recorded since a journal was last read, oldest first, in two generations: a ring
/// buffer's recorder keeps its last `capacity` entries by dropping a whole generation at a time
/// (``age()``), so that no entry is moved or dropped one by one as entries are recorded.
@usableFromInline
struct EntryGenerations<Entry> {
  /// The entries recorded before the generation started (while it was the newer one).
  @usableFromInline var older: [Entry] = []
  @usableFromInline var newer: [Entry] = []

  @usableFromInline
  init() {}

  var count: Int { older.count + newer.count }

  @inlinable
  mutating func append(_ entry: consuming Entry) {
    newer.append(entry)
  }

  /// Takes the older generation out, for the caller to destroy once it has let go of its lock
  /// (destroying a value may run a `deinit` that records); the newer one becomes the older, and a
  /// new one starts, sized for as many entries as the last one got (a source that went quiet lets
  /// its memory go).
  mutating func age() -> [Entry] {
    var dropped: [Entry] = []
    swap(&dropped, &older)
    swap(&older, &newer)
    newer.reserveCapacity(older.count)
    return dropped
  }

  /// Hands each entry, oldest first, to `body`, and empties both generations (their memory goes
  /// with them: the journal now holds what they held).
  mutating func removeAll(_ body: (Entry) -> Void) {
    older.forEach(body)
    newer.forEach(body)
    older = []
    newer = []
  }
}

extension EntryGenerations: Sendable where Entry: Sendable {}
