/// The ends of the state and pulse sequences still iterated, by key, so that a sequence whose
/// iteration ended leaves nothing behind.
struct Finishers {
  private var entries: [Int: @Sendable () -> Void] = [:]
  private var nextKey = 0

  mutating func add(_ finish: @escaping @Sendable () -> Void) -> Int {
    defer { nextKey += 1 }
    entries[nextKey] = finish
    return nextKey
  }

  mutating func remove(_ key: Int) {
    entries[key] = nil
  }

  mutating func takeAll() -> [@Sendable () -> Void] {
    defer { entries.removeAll() }
    return Array(entries.values)
  }

  /// How many sequences are still iterated.
  var count: Int { entries.count }
}
