/// What happened in an app, in order: the entries a ``JournalRecorder`` recorded, or that were read
/// back from a journal file.
///
/// A journal is unbounded by default. For apps in the field, ``init(keepingLast:)`` makes it a ring
/// buffer: it keeps the last entries only and counts the ones it dropped.
///
/// ```swift
/// var journal = Journal(keepingLast: 2)
/// for number in 1...3 {
///   journal.append(
///     JournalEntry(
///       time: JournalTime(sequence: UInt64(number), offset: .zero),
///       source: .app,
///       event: .deepLink("diary://entries/\(number)")))
/// }
/// print(journal.entries.count, journal.droppedCount)  // 2 1
/// ```
public struct Journal: Sendable {
  /// The entries kept, as a ring: `storage[start...]` then `storage[..<start]` once it is full.
  private var storage: [JournalEntry] = []
  private var start = 0

  /// The most entries kept (a ring buffer), or `nil` for no limit.
  public let capacity: Int?

  /// How many entries were dropped to keep within ``capacity`` (the oldest ones), including those
  /// dropped before the journal was written, when it was read from a file.
  public private(set) var droppedCount = 0

  /// An empty journal that keeps every entry.
  public init() {
    capacity = nil
  }

  /// An empty ring buffer that keeps the last `capacity` entries and counts the ones it drops.
  ///
  /// A capacity below 1 is reported as a diagnostic and taken as 1.
  public init(keepingLast capacity: Int) {
    if capacity < 1 {
      ReactorFlowDiagnostics.emit(
        "Journal(keepingLast: \(capacity)) keeps at least one entry; pass a capacity of 1 or more.")
    }
    self.capacity = max(1, capacity)
    storage.reserveCapacity(min(self.capacity ?? 0, 4096))
  }

  /// A journal that holds `entries` in this order, as read from a file that reported
  /// `droppedCount` entries dropped before them.
  public init(entries: [JournalEntry], droppedCount: Int = 0) {
    capacity = nil
    storage = entries
    self.droppedCount = max(0, droppedCount)
  }

  /// The entries kept, oldest first (a copy, once a ring buffer has wrapped around).
  public var entries: [JournalEntry] {
    start == 0 ? storage : Array(storage[start...] + storage[..<start])
  }

  /// The number of entries kept.
  public var count: Int { storage.count }

  /// Whether no entry is kept.
  public var isEmpty: Bool { storage.isEmpty }

  /// Adds `entry` after the others; a full ring buffer drops its oldest entry to make room.
  public mutating func append(_ entry: consuming JournalEntry) {
    guard let capacity, storage.count >= capacity else {
      storage.append(entry)
      return
    }
    storage[start] = entry
    start += 1
    if start == capacity { start = 0 }
    droppedCount += 1
  }

  /// Drops every entry kept, counting them as dropped (a recorder's ring holds as many newer
  /// ones), and returns them for the caller to destroy once it has let go of its lock.
  mutating func dropAll() -> [JournalEntry] {
    droppedCount += storage.count
    var dropped: [JournalEntry] = []
    swap(&dropped, &storage)
    start = 0
    return dropped
  }

  /// Drops the oldest `count` entries kept, counting them as dropped, and returns them for the
  /// caller to destroy once it has let go of its lock.
  mutating func dropOldest(_ count: Int) -> [JournalEntry] {
    guard count > 0 else { return [] }
    let all = entries
    storage = Array(all.dropFirst(count))
    start = 0
    droppedCount += count
    return Array(all.prefix(count))
  }

  /// Counts `count` more entries as dropped (a recorder's ring dropped them before they were
  /// appended here).
  mutating func countDropped(_ count: Int) {
    droppedCount += count
  }
}
