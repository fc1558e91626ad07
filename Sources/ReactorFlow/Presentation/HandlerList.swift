/// Callbacks registered on a screen or a window, in registration order, each removable by the
/// id `add` returned.
struct HandlerList<Handler> {
  private(set) var entries: [(id: Int, handler: Handler)] = []
  private var nextID = 0

  /// Adds `handler`; returns the id that removes it.
  mutating func add(_ handler: Handler) -> Int {
    defer { nextID += 1 }
    entries.append((nextID, handler))
    return nextID
  }

  mutating func remove(_ id: Int) {
    entries.removeAll { $0.id == id }
  }

  /// Removes and returns every handler (for a signal that fires once).
  mutating func takeAll() -> [Handler] {
    defer { entries.removeAll() }
    return entries.map(\.handler)
  }
}
