#if canImport(Glibc)
  import Glibc
#endif

/// Records what happens in an app into a ``Journal``: the engine calls one method per kind of
/// entry, each numbered in order and timed by the recorder's clock.
///
/// Whoever records holds an optional recorder, so that recording off costs one `nil` check: with
/// optional chaining, the arguments (the source's path, the value) are not even evaluated when
/// there is no recorder.
///
/// ```swift
/// let recorder: JournalRecorder? = JournalRecorder(keepingLast: 10_000)
/// let list = JournalSource.app.appending("AppFlow").appending("DiaryListReactor")
/// recorder?.recordAction("refresh", from: list)
/// recorder?.recordMutation("setLoading(true)", from: list)
/// print(recorder?.journal.count ?? 0)  // 2
/// ```
///
/// Recording keeps each value as it is; nothing is formatted or encoded until the journal is
/// printed or written. A recorder is safe to call from any thread.
public final class JournalRecorder: Sendable {
  private struct State: Sendable {
    /// The entries made into journal entries, when the journal was last read.
    var journal: Journal
    /// The entries recorded since, as they were recorded (made into journal entries when the
    /// journal is read: recording makes no enum of payloads, see ``RecordedEntry``).
    var recent: RecordedEntries
    /// The sources registered (see ``register(_:of:payload:)``), by number.
    var sources: [RegisteredSource] = []
    var sourceNumbers: [RegisteredSource.Key: Int] = [:]
    var nextSequence: UInt64 = 1
    /// A class: while nothing traces, recording checks one reference (see docs/MEASUREMENTS.md).
    var tracer: TracerBox?
    /// Encodes, as they are recorded, the values a journal could not keep (see
    /// ``encodeDescribedValues(with:)``).
    var encoder: (@Sendable (any Encodable) throws -> String)?

    init(capacity: Int?) {
      journal = capacity.map { Journal(keepingLast: $0) } ?? Journal()
      recent = RecordedEntries(capacity: journal.capacity)
    }

    mutating func append(_ entry: consuming RecordedEntry) {
      // A full ring holds `capacity` entries newer than any the journal kept: those are dropped
      // now rather than when the journal is read, so that memory stays bounded.
      if recent.isFull, !journal.isEmpty { journal.dropAll() }
      recent.append(entry)
    }

    /// The journal, with the entries recorded since it was last read.
    mutating func flushed() -> Journal {
      let dropped = recent.droppedCount
      var journal = self.journal
      self.journal = Journal()
      let sources = self.sources
      recent.removeAll { journal.append($0.entry(sources: sources)) }
      journal.countDropped(dropped)
      self.journal = journal
      return journal
    }
  }

  final class TracerBox: Sendable {
    let tracer: JournalTracer
    init(_ tracer: JournalTracer) { self.tracer = tracer }
  }

  private let state: LockedState<State>
  /// How entries are timed: from `start` by the continuous clock read directly (the default, and
  /// the cheap case: no call through the `Clock` protocol), or by `elapsed` for any other clock.
  private let start: ContinuousInstant
  private let elapsed: (@Sendable () -> Duration)?

  /// A recorder that times entries with `clock`, from now; with `keepingLast`, its journal is a
  /// ring buffer of that many entries (see ``Journal/init(keepingLast:)``).
  public init<C: Clock>(clock: C, keepingLast capacity: Int? = nil) where C.Duration == Duration {
    start = ContinuousInstant.now
    if clock is ContinuousClock {
      elapsed = nil
    } else {
      let clockStart = clock.now
      elapsed = { clockStart.duration(to: clock.now) }
    }
    state = LockedState(State(capacity: capacity))
  }

  /// A recorder that times entries with the continuous clock, from now; with `keepingLast`, its
  /// journal is a ring buffer of that many entries.
  public convenience init(keepingLast capacity: Int? = nil) {
    self.init(clock: ContinuousClock(), keepingLast: capacity)
  }

  /// Encodes with `encode`, as it is recorded, each `Encodable` value that the journal cannot
  /// keep as it is — an action or a mutation of a reactor whose types are not known to be
  /// `Sendable` (one a coordinator records: see ``FlowCoordinator/record(into:)``) — so that it
  /// replays; `nil` keeps their descriptions only (the default: encoding costs time while the
  /// app runs). `ReactorFlowJournal`'s `encodesValuesAsRecorded()` passes its JSON encoder.
  ///
  /// ```swift
  /// let recorder = JournalRecorder()
  /// recorder.encodeDescribedValues { value in "\(value)" }
  /// ```
  public func encodeDescribedValues(with encode: (@Sendable (any Encodable) throws -> String)?) {
    state.withLock { $0.encoder = encode }
  }

  /// `value`, as the encoder given to ``encodeDescribedValues(with:)`` encodes it; `nil` when
  /// there is none, `value` is not `Encodable` or encoding failed.
  func encodedNow<Value>(_ value: Value) -> String? {
    guard let encodable = value as? any Encodable, let encode = state.withLock({ $0.encoder }) else {
      return nil
    }
    return try? encode(encodable)
  }

  /// What was recorded so far, in order. The entries recorded since the last read are made into
  /// journal entries now (recording keeps them as they were recorded).
  public var journal: Journal {
    state.withLock { $0.flushed() }
  }

  /// Records `event` in `source`, numbered after the previous entry and timed now.
  public func record(_ event: JournalEntry.Event, from source: JournalSource) {
    append(event, from: source)
  }

  /// Records `event`.
  func append(_ event: JournalEntry.Event, from source: JournalSource) {
    let (kind, shape, effect, content) = RecordedEntry.parts(of: event)
    append(kind, shape: shape, effect: effect, content, from: source)
  }

  /// The number by which a reactor's entries name `source` (``append(_:effect:_:fromSourceNumber:)``),
  /// made once, when the reactor is recorded; `payload` makes its values into payloads (``RegisteredSource``).
  func register(
    _ source: JournalSource, of reactor: ObjectIdentifier, payload: (@Sendable (Any) -> JournalPayload)?
  ) -> Int {
    state.withLock { state in
      let key = RegisteredSource.Key(source: source, reactor: reactor)
      if let number = state.sourceNumbers[key] { return number }
      state.sources.append(RegisteredSource(source: source, payload: payload))
      state.sourceNumbers[key] = state.sources.count - 1
      return state.sources.count - 1
    }
  }

  /// Records an entry of `kind` that carries `content` (as `shape` says).
  func append(
    _ kind: JournalEntry.Kind, shape: RecordedEntry.Shape, effect: Int = 0, _ content: consuming Any,
    from source: JournalSource
  ) {
    append(kind, shape: shape, effect: effect, content, source: source, sourceNumber: 0)
  }

  /// Records a value of `kind` from the source registered as `sourceNumber`
  /// (``register(_:of:payload:)``), which makes it into a payload when the journal is read.
  @usableFromInline
  func append(
    _ kind: JournalEntry.Kind, effect: Int = 0, _ content: consuming Any, fromSourceNumber sourceNumber: Int
  ) {
    append(kind, shape: .value, effect: effect, content, source: nil, sourceNumber: sourceNumber)
  }

  @inline(__always)
  private func append(
    _ kind: JournalEntry.Kind, shape: RecordedEntry.Shape, effect: Int, _ content: Any,
    source: JournalSource?, sourceNumber: Int
  ) {
    let offset = elapsed?() ?? start.duration(to: .now)
    // The lock's closure returns whether something traces, not the tracer: a reference returned
    // is retained and released on every call (docs/MEASUREMENTS.md).
    var sequence: UInt64 = 0
    let tracing = state.withLock { state -> Bool in
      sequence = state.nextSequence
      state.nextSequence &+= 1
      state.append(
        RecordedEntry(
          time: JournalTime(sequence: sequence, offset: offset), source: source, sourceNumber: sourceNumber,
          kind: kind, shape: shape, effect: effect, content: content))
      return state.tracer != nil
    }
    // Outside the lock: the tracer's output may record (a diagnostic) or take its time.
    if tracing {
      let (tracer, sources) = state.withLock { ($0.tracer, source == nil ? $0.sources : []) }
      let entry = RecordedEntry(
        time: JournalTime(sequence: sequence, offset: offset), source: source, sourceNumber: sourceNumber,
        kind: kind, shape: shape, effect: effect, content: content)
      tracer?.tracer.trace(entry.entry(sources: sources))
    }
  }

  /// Has `tracer` print each entry recorded from now on, as it is recorded (replacing the tracer
  /// it had); `nil` stops tracing.
  ///
  /// ```swift
  /// let recorder = JournalRecorder(keepingLast: 1)  // a trace, not a journal
  /// recorder.trace(with: JournalTracer { line in print(line) })
  /// recorder.recordAction("refresh", from: JournalSource.app.appending("ListReactor"))
  /// // action      ListReactor/0  refresh
  /// ```
  public func trace(with tracer: JournalTracer?) {
    let box = tracer.map(TracerBox.init)
    state.withLock { $0.tracer = box }
  }

  /// Records an action sent to the reactor `source` from outside it.
  public func recordAction(_ action: some Sendable, from source: JournalSource) {
    append(.action, shape: .payload, JournalPayload(action), from: source)
  }

  /// Records a step emitted by `source` (a screen or a stepper).
  public func recordStep(_ step: some Sendable, from source: JournalSource) {
    append(.step, shape: .payload, JournalPayload(step), from: source)
  }

  /// Records a step emitted by `source` (the coordinator's way: the step is kept as it is, made
  /// into a payload when the journal is read).
  func recordStep(_ step: any Step, from source: JournalSource) {
    append(.step, shape: .step, step, from: source)
  }

  /// Records a deep link opened in `source` (``JournalSource/app`` when the app received it).
  public func recordDeepLink(_ link: String, from source: JournalSource = .app) {
    append(.deepLink, shape: .text, link, from: source)
  }

  /// Records a user gesture on the screen `source`.
  public func recordGesture(_ gesture: JournalGesture, on source: JournalSource) {
    append(.gesture, shape: .gesture, gesture, from: source)
  }

  /// Records a value that the reactor `source`'s effect number `effect` delivered.
  public func recordEffectOutput(_ value: some Sendable, effect: Int, from source: JournalSource) {
    append(.effectOutput, shape: .payload, effect: effect, JournalPayload(value), from: source)
  }

  /// Records a mutation the reactor `source` applied.
  public func recordMutation(_ mutation: some Sendable, from source: JournalSource) {
    append(.mutation, shape: .payload, JournalPayload(mutation), from: source)
  }

  /// Records a navigation event of the flow `source`.
  public func recordNavigation(_ event: String, from source: JournalSource) {
    append(.navigation, shape: .text, event, from: source)
  }

  /// Records a diagnostic reported while `source` was running.
  public func recordDiagnostic(_ message: String, from source: JournalSource) {
    append(.diagnostic, shape: .text, message, from: source)
  }

  /// Records the state of the reactor `source` at a checkpoint.
  public func recordState(_ state: some Sendable, from source: JournalSource) {
    append(.stateSnapshot, shape: .payload, JournalPayload(state), from: source)
  }

  /// Records the rendered screen tree at a checkpoint.
  public func recordRenderedTree(_ tree: String, from source: JournalSource = .app) {
    append(.renderedTree, shape: .text, tree, from: source)
  }
}

/// An instant of a clock that counts the time the machine sleeps, as `ContinuousClock` does, read
/// the cheapest way the platform has: on Linux `CLOCK_BOOTTIME` directly, without the calls around
/// `ContinuousClock.now` (a recorder reads it once per entry: docs/MEASUREMENTS.md).
struct ContinuousInstant {
  #if canImport(Glibc)
    /// Nanoseconds since boot.
    private let nanoseconds: Int64

    static var now: ContinuousInstant {
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return ContinuousInstant(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    func duration(to other: ContinuousInstant) -> Duration {
      .nanoseconds(other.nanoseconds &- nanoseconds)
    }
  #else
    private let instant: ContinuousClock.Instant

    static var now: ContinuousInstant { ContinuousInstant(instant: .now) }

    func duration(to other: ContinuousInstant) -> Duration {
      instant.duration(to: other.instant)
    }
  #endif
}
