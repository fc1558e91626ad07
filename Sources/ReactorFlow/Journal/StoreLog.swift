/// Entries a ``JournalRecorder`` keeps apart from its own, under its lock: a recorded reactor's
/// ``StoreLog``, read through a ``StoreLogReader``. The methods that take a `holder` are called
/// with the recorder's lock held (`holder` is the recorder's state, given by its `withLock`).
protocol RecordedLog: AnyObject, Sendable {
  /// Takes the older generation of entries out (``EntryGenerations/age()``): how many there were,
  /// and the entries, for the caller to destroy once it has let go of the lock.
  func age<Holder>(holding holder: inout Holder) -> (count: Int, entries: Any)
  /// Appends each entry, oldest first, to `journalEntries`, as a journal holds it, and empties
  /// the log.
  func removeAll<Holder>(into journalEntries: inout [JournalEntry], holding holder: inout Holder)
  /// How many entries the log holds.
  func count<Holder>(holding holder: inout Holder) -> Int
  /// An entry of this log made at `time` that holds `value`, as a journal holds it (for a
  /// tracer, as it is recorded).
  func journalEntry(time: JournalTime, value: Any) -> JournalEntry?
}

/// The entries a recorded reactor's store made since its recorder's journal was last read: its
/// actions, effect outputs and mutations, kept as the reactor's own types.
///
/// Recording one appends the value to an array of this reactor's entries, specialised where the
/// store is: no existential to box, no value witness to call, no reference to retain
/// (docs/MEASUREMENTS.md). The entries become journal entries when the journal is read. The log
/// shares its recorder's lock, so that recording takes one lock for the entry's number and the
/// entry.
///
/// A recorder makes one per source and reactor type (``JournalRecorder/log(for:of:)``), for a
/// reactor whose actions and mutations are `Sendable`.
@usableFromInline
final class StoreLog<R: Reactor> {
  /// What an entry holds.
  @usableFromInline
  enum Value {
    /// An action, and where it was sent from (first: the action then fills what would be the
    /// call site's padding, and the entry stays a word smaller).
    case action(RecordedCallSite, R.Action)
    case mutation(R.Mutation)
    /// A mutation delivered by the asynchronous part of the reactor's effect number `effect`.
    case effectOutput(effect: Int, R.Mutation)
  }

  /// An entry: its number, its offset in nanoseconds (half a `Duration`'s size, and no
  /// conversion to one as it is recorded), and its value.
  @usableFromInline
  struct Entry {
    @usableFromInline let sequence: UInt64
    @usableFromInline let nanoseconds: Int64
    @usableFromInline let value: Value

    @inlinable
    init(sequence: UInt64, nanoseconds: Int64, value: Value) {
      self.sequence = sequence
      self.nanoseconds = nanoseconds
      self.value = value
    }

    var time: JournalTime {
      JournalTime(sequence: sequence, offset: .nanoseconds(nanoseconds))
    }
  }

  let source: JournalSource
  /// Guarded by the recorder's lock (shared with the recorder's state).
  @usableFromInline let entries: LockedState<EntryGenerations<Entry>>

  init<Recorder>(source: JournalSource, sharingLockWith recorder: LockedState<Recorder>) {
    self.source = source
    entries = LockedState(EntryGenerations(), sharingLockWith: recorder)
  }
}

extension StoreLog.Value: Sendable where R.Action: Sendable, R.Mutation: Sendable {}
extension StoreLog.Entry: Sendable where R.Action: Sendable, R.Mutation: Sendable {}
extension StoreLog: Sendable where R.Action: Sendable, R.Mutation: Sendable {}

/// A ``StoreLog`` as its recorder reads it: made where the reactor's actions and mutations are
/// known to be `Sendable`, so that its entries become journal entries.
final class StoreLogReader<R: Reactor>: RecordedLog where R.Action: Sendable, R.Mutation: Sendable {
  let log: StoreLog<R>

  init(_ log: StoreLog<R>) {
    self.log = log
  }

  func age<Holder>(holding holder: inout Holder) -> (count: Int, entries: Any) {
    let dropped = log.entries.withLockHeld(by: &holder) { $0.age() }
    return (dropped.count, dropped)
  }

  func removeAll<Holder>(into journalEntries: inout [JournalEntry], holding holder: inout Holder) {
    log.entries.withLockHeld(by: &holder) { entries in
      entries.removeAll { journalEntries.append(journalEntry($0)) }
    }
  }

  func count<Holder>(holding holder: inout Holder) -> Int {
    log.entries.withLockHeld(by: &holder) { $0.count }
  }

  func journalEntry(time: JournalTime, value: Any) -> JournalEntry? {
    (value as? StoreLog<R>.Value).map { journalEntry($0, time: time) }
  }

  private func journalEntry(_ entry: StoreLog<R>.Entry) -> JournalEntry {
    journalEntry(entry.value, time: entry.time)
  }

  private func journalEntry(_ value: StoreLog<R>.Value, time: JournalTime) -> JournalEntry {
    let event: JournalEntry.Event
    var callSite: JournalCallSite?
    switch value {
    case .action(let site, let action):
      event = .action(JournalPayload(action))
      callSite = site.journalCallSite
    case .mutation(let mutation): event = .mutation(JournalPayload(mutation))
    case .effectOutput(let effect, let mutation):
      event = .effectOutput(effect: effect, JournalPayload(mutation))
    }
    return JournalEntry(time: time, source: log.source, event: event, callSite: callSite)
  }
}
