/// Callbacks registered on a screen or a window, in registration order, each removable by the
/// id `add` returned. Shared with the UIKit adapter (package access).
package struct HandlerList<Handler> {
  package private(set) var entries: [(id: Int, handler: Handler)] = []
  private var nextID = 0

  package init() {}

  /// Adds `handler`; returns the id that removes it.
  package mutating func add(_ handler: Handler) -> Int {
    let id = nextID
    nextID += 1
    entries.append((id, handler))
    return id
  }

  package mutating func remove(_ id: Int) {
    entries.removeAll { $0.id == id }
  }

  /// Removes and returns every handler (for a signal that fires once).
  package mutating func takeAll() -> [Handler] {
    defer { entries.removeAll() }
    return entries.map(\.handler)
  }
}
