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
  @usableFromInline
  struct State: Sendable {
    /// The entries made into journal entries, when the journal was last read.
    var journal: Journal
    /// The entries recorded since, as they were recorded (made into journal entries when the
    /// journal is read: recording makes no enum of payloads, see ``RecordedEntry``), but for
    /// those of recorded reactors' stores, kept in their `logs`.
    var recent = EntryGenerations<RecordedEntry>()
    /// Each recorded reactor's ``StoreLog``, by its source and its reactor's type.
    var logs: [LogKey: any RecordedLog] = [:]
    @usableFromInline var nextSequence: UInt64 = 1
    /// The entries recorded since the journal was last read or the entries last aged (the newer
    /// generation of `recent` and `logs`).
    @usableFromInline var newerCount = 0
    /// The `newerCount` at which a ring buffer makes room (``makeRoom()``): its capacity, or
    /// `Int.max` for an unbounded journal.
    let roomCheckAt: Int
    /// The `newerCount` at which recording takes its slow path (``needsSlowPath``): `roomCheckAt`,
    /// or 0 while something traces (every entry is then traced). One comparison per entry.
    @usableFromInline var slowPathAt: Int
    /// Set by ``JournalRecorder/trace(with:)``; a class, so that it costs one reference.
    var tracer: TracerBox? {
      didSet { slowPathAt = tracer == nil ? roomCheckAt : 0 }
    }
    /// Encodes, as they are recorded, the values a journal could not keep (see
    /// ``encodeDescribedValues(with:)``).
    var encoder: (@Sendable (any Encodable) throws -> String)?

    init(capacity: Int?) {
      journal = capacity.map { Journal(keepingLast: $0) } ?? Journal()
      roomCheckAt = journal.capacity ?? .max
      slowPathAt = roomCheckAt
    }

    /// The time of an entry recorded now, `offset` after the start: the next number, counted.
    @inlinable
    mutating func time(at offset: Duration) -> JournalTime {
      JournalTime(sequence: takeSequence(), offset: offset)
    }

    /// The number of an entry recorded now, counted.
    @inlinable
    mutating func takeSequence() -> UInt64 {
      let sequence = nextSequence
      nextSequence &+= 1
      newerCount &+= 1
      return sequence
    }

    /// Whether the entry just recorded needs ``JournalRecorder/afterAppending(_:)``: to make room
    /// in a ring buffer, or to be traced.
    @inlinable
    var needsSlowPath: Bool {
      newerCount >= slowPathAt
    }

    /// Keeps a ring buffer within twice its capacity, once `capacity` entries were recorded
    /// since it last did (or since the journal was read): the entries recorded before are
    /// dropped, and those the journal kept at the last read, which are older still. The last
    /// `capacity` entries are always kept. (Entries recorded by other threads between the one
    /// that reached `capacity` and this call stay in the newer generation: while threads record
    /// at once, the ring may hold a few entries more than twice its capacity.)
    ///
    /// Returns what it dropped, for the caller to destroy once it has let go of the lock: a
    /// value's `deinit` may record.
    mutating func makeRoom() -> [Any] {
      let recentDropped = recent.age()
      var count = recentDropped.count
      var dropped: [Any] = [journal.dropAll(), recentDropped]
      for log in logs.values {
        let (logCount, entries) = log.age(holding: &self)
        count += logCount
        dropped.append(entries)
      }
      journal.countDropped(count)
      newerCount = 0
      return dropped
    }

    /// How many entries are held: the journal's, and those recorded since it was last read.
    mutating func heldCount() -> Int {
      var count = journal.count + recent.count
      for log in logs.values { count += log.count(holding: &self) }
      return count
    }

    /// The journal, with the entries recorded since it was last read; and, for a ring buffer,
    /// the entries it dropped to keep within its capacity, for the caller to destroy once it has
    /// let go of the lock (a value's `deinit` may record).
    mutating func flushed() -> (journal: Journal, dropped: [JournalEntry]) {
      var entries: [JournalEntry] = []
      recent.removeAll { entries.append($0.entry) }
      if !logs.isEmpty {
        for log in logs.values { log.removeAll(into: &entries, holding: &self) }
        // Each source's entries are in order; together, in the order they were numbered.
        entries.sort { $0.time.sequence < $1.time.sequence }
      }
      var journal = self.journal
      self.journal = Journal()
      var dropped: [JournalEntry] = []
      if let capacity = journal.capacity, journal.count + entries.count > capacity {
        let overflow = journal.count + entries.count - capacity
        dropped = journal.dropOldest(min(overflow, journal.count))
        let fromEntries = overflow - dropped.count
        if fromEntries > 0 {
          dropped += entries.prefix(fromEntries)
          entries.removeFirst(fromEntries)
          journal.countDropped(fromEntries)
        }
      }
      for entry in entries { journal.append(entry) }
      self.journal = journal
      newerCount = 0
      return (journal, dropped)
    }
  }

  struct LogKey: Hashable, Sendable {
    let source: JournalSource
    let reactor: ObjectIdentifier
  }

  final class TracerBox: Sendable {
    let tracer: JournalTracer
    init(_ tracer: JournalTracer) { self.tracer = tracer }
  }

  @usableFromInline let state: LockedState<State>
  /// How entries are timed: from `start` by the continuous clock read directly (the default, and
  /// the cheap case: no call through the `Clock` protocol), or by `elapsed` for any other clock.
  @usableFromInline let start: ContinuousInstant
  @usableFromInline let elapsed: (@Sendable () -> Duration)?

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

  /// What was recorded so far, in order. The entries recorded since the last read are made into
  /// journal entries now (recording keeps them as they were recorded).
  public var journal: Journal {
    var dropped: [JournalEntry] = []
    let journal = state.withLock { state -> Journal in
      let flushed = state.flushed()
      dropped = flushed.dropped
      return flushed.journal
    }
    // Destroyed here, outside the lock.
    dropped.removeAll()
    return journal
  }

  /// How many entries the recorder holds, in its journal and recorded since the journal was last
  /// read: at most twice a ring buffer's capacity while one thread records
  /// (``State/makeRoom()``).
  var heldEntryCount: Int {
    state.withLock { $0.heldCount() }
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

  /// The log in which a reactor's store records the reactor's entries as `source`: one per
  /// source and reactor type (a reactor recorded again, or another of the same type in the same
  /// place, adds to the same log).
  func log<R: Reactor>(for source: JournalSource, of _: R.Type) -> StoreLogReader<R>
  where R.Action: Sendable, R.Mutation: Sendable {
    state.withLock { state in
      let key = LogKey(source: source, reactor: ObjectIdentifier(R.self))
      if let reader = state.logs[key] as? StoreLogReader<R> { return reader }
      let reader = StoreLogReader(StoreLog<R>(source: source, sharingLockWith: self.state))
      state.logs[key] = reader
      return reader
    }
  }

  /// The time elapsed since the recording started, by the recorder's clock.
  @inlinable @inline(__always)
  func offsetNow() -> Duration {
    elapsed?() ?? start.duration(to: .now)
  }

  /// The offset, in nanoseconds, of an entry recorded at `now` (what a reactor's entry keeps:
  /// ``StoreLog/Entry``); a recorder timed by another clock than the continuous one reads that
  /// clock instead.
  @inlinable @inline(__always)
  func nanoseconds(at now: ContinuousInstant) -> Int64 {
    guard let elapsed else { return start.nanoseconds(to: now) }
    let (seconds, attoseconds) = elapsed().components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }

  /// Records an entry of `kind` that carries `content` (as `shape` says), sent or accepted at
  /// `callSite` when it is an action or a step.
  func append(
    _ kind: JournalEntry.Kind, shape: RecordedEntry.Shape, effect: Int = 0, _ content: Any,
    from source: JournalSource, callSite: RecordedCallSite = .unknown
  ) {
    let offset = offsetNow()
    var time = JournalTime(sequence: 0, offset: offset)
    let needsSlowPath = state.withLock { state -> Bool in
      time = state.time(at: offset)
      state.recent.append(
        RecordedEntry(
          time: time, source: source, kind: kind, shape: shape, effect: effect, content: content,
          callSite: callSite))
      return state.needsSlowPath
    }
    if needsSlowPath {
      afterAppending {
        RecordedEntry(
          time: time, source: source, kind: kind, shape: shape, effect: effect, content: content,
          callSite: callSite
        )
        .entry
      }
    }
  }

  /// After an entry whose state said ``State/needsSlowPath``: makes room in a ring buffer, and
  /// traces `entry` when something traces. The tracer runs outside the lock: its output may
  /// record (a diagnostic) or take its time.
  @usableFromInline
  func afterAppending(_ entry: () -> JournalEntry?) {
    var dropped: [Any] = []
    let tracer = state.withLock { state -> TracerBox? in
      if state.newerCount >= state.roomCheckAt { dropped = state.makeRoom() }
      return state.tracer
    }
    // Destroyed here, outside the lock.
    dropped.removeAll()
    if let tracer, let entry = entry() { tracer.tracer.trace(entry) }
  }
}
