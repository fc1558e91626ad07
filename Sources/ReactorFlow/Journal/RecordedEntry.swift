/// A source a reactor's store registered with a recorder: its entries name it by number, and
/// hold the reactor's values as they are (`Any`: the store, generic over its reactor, has no
/// `Sendable` constraint to make them `any Sendable` with), which `payload` makes into payloads
/// when the journal is read.
struct RegisteredSource: Sendable {
  struct Key: Hashable, Sendable {
    let source: JournalSource
    let reactor: ObjectIdentifier
  }

  let source: JournalSource
  /// Made by the store's journal when its reactor's actions and mutations are `Sendable`; `nil`
  /// when they are described as they are recorded.
  let payload: (@Sendable (Any) -> JournalPayload)?
}

/// An entry as a ``JournalRecorder`` keeps it until its journal is read: the event's kind and the
/// value it carries, not yet made into a ``JournalEntry/Event``.
///
/// Recording an action or a mutation costs what this entry costs to make and, in a ring buffer, to
/// drop (docs/MEASUREMENTS.md): one existential holding the value as it is, no enum of payloads
/// to copy through its value witnesses. The entry becomes a ``JournalEntry`` when the journal is
/// read.
///
/// `content` holds `Sendable` values only: a ``JournalPayload``, a text, a gesture, or a value of
/// a registered source whose reactor's actions and mutations are `Sendable`
/// (``StoreJournal/keepsValues``).
@usableFromInline
struct RecordedEntry: @unchecked Sendable {
  /// How ``content`` holds what happened.
  @usableFromInline
  enum Shape: UInt8, Sendable {
    /// A registered source's value itself: an action, a mutation, an effect's output.
    case value
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
  /// Where it happened: `source`, or the recorder's registered source number `sourceNumber` (a
  /// reactor's store registers its source once: its entries then hold no reference to retain and
  /// release).
  let source: JournalSource?
  let sourceNumber: Int
  let kind: JournalEntry.Kind
  let shape: Shape
  /// The effect's number, for ``JournalEntry/Kind/effectOutput``.
  let effect: Int
  let content: Any

  @usableFromInline
  init(
    time: JournalTime, source: JournalSource?, sourceNumber: Int, kind: JournalEntry.Kind, shape: Shape,
    effect: Int, content: consuming Any
  ) {
    self.time = time
    self.source = source
    self.sourceNumber = sourceNumber
    self.kind = kind
    self.shape = shape
    self.effect = effect
    self.content = content
  }

  /// The entry as a journal holds it; a registered source's, read in `sources`.
  func entry(sources: [RegisteredSource]) -> JournalEntry {
    guard let source else {
      let registered = sources[sourceNumber]
      return JournalEntry(time: time, source: registered.source, event: event(registered.payload))
    }
    return JournalEntry(time: time, source: source, event: event(nil))
  }

  private func event(_ payload: (@Sendable (Any) -> JournalPayload)?) -> JournalEntry.Event {
    switch shape {
    case .value:
      return Self.event(kind, effect: effect, payload?(content) ?? .described(content))
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

/// The entries a recorder made since its journal was last read, oldest first: a ring of
/// `capacity` entries when the journal is one (see ``Journal/init(keepingLast:)``).
struct RecordedEntries {
  private var storage: [RecordedEntry] = []
  private var start = 0
  let capacity: Int?
  /// How many entries the ring dropped since the journal was last read.
  private(set) var droppedCount = 0

  init(capacity: Int?) {
    self.capacity = capacity
    storage.reserveCapacity(min(capacity ?? 0, 4096))
  }

  var isFull: Bool {
    guard let capacity else { return false }
    return storage.count >= capacity
  }

  /// Adds `entry` after the others; a full ring drops its oldest entry to make room.
  mutating func append(_ entry: consuming RecordedEntry) {
    guard let capacity, storage.count >= capacity else {
      storage.append(entry)
      return
    }
    storage[start] = entry
    start += 1
    if start == capacity { start = 0 }
    droppedCount += 1
  }

  /// Hands each entry, oldest first, to `body`, and empties the ring.
  mutating func removeAll(_ body: (RecordedEntry) -> Void) {
    for index in storage.indices {
      body(storage[(start + index) % storage.count])
    }
    storage.removeAll(keepingCapacity: true)
    start = 0
    droppedCount = 0
  }
}
