/// The state properties that Swift's Observation tracks one by one (read as `reactor[\.title]`):
/// for each, the key path Observation knows it by and how to tell that it changed.
///
/// Each property a view reads gets an entry the first time it is read (one per distinct state key
/// path, kept for the store's lifetime). An entry is *armed* by a tracked read and disarmed when
/// its change has been reported: Observation's `onChange` fires once, then a tracker reads again
/// (which re-arms). Only armed entries are compared when the state changes.
///
/// Main-actor only (its owner, ``ReactorStore``, is).
@MainActor
final class PropertyTracker<R: Reactor> {
  struct Entry {
    /// The member of the store Observation tracks for this property: `\.[trackedProperty: n]`,
    /// built once (a generic class's key path is not a constant).
    let keyPath: KeyPath<ReactorStore<R>, Int> & Sendable
    /// Whether the property differs between two states.
    let hasChanged: @MainActor (UnsafePointer<R.State>, UnsafePointer<R.State>) -> Bool
    var isArmed = false
  }

  private(set) var entries: ContiguousArray<Entry> = []
  private var indexByKeyPath: [AnyKeyPath: Int] = [:]
  /// How many entries are armed.
  private(set) var armedCount = 0
  /// The entries found changed by the last ``takeChanged(from:to:)``, reused (no allocation).
  private var changed: [Int] = []

  /// Arms the entry of `keyPath` (made on first use with `hasChanged`) and returns the member
  /// Observation tracks for it.
  func arm(
    _ keyPath: AnyKeyPath,
    orMake hasChanged: () -> @MainActor (UnsafePointer<R.State>, UnsafePointer<R.State>) -> Bool
  ) -> KeyPath<ReactorStore<R>, Int> & Sendable {
    let index: Int
    if let known = indexByKeyPath[keyPath] {
      index = known
    } else {
      index = entries.count
      let slot = index
      entries.append(Entry(keyPath: \ReactorStore<R>.[trackedProperty: slot], hasChanged: hasChanged()))
      indexByKeyPath[keyPath] = index
    }
    if !entries[index].isArmed {
      entries[index].isArmed = true
      armedCount += 1
    }
    return entries[index].keyPath
  }

  /// Disarms and returns the armed entries whose property differs between `old` and `new`. The
  /// caller hands the array back with ``recycle(_:)``.
  func takeChanged(from old: UnsafePointer<R.State>, to new: UnsafePointer<R.State>) -> [Int] {
    var result = changed
    changed = []
    guard armedCount > 0 else { return result }
    for index in entries.indices where entries[index].isArmed {
      if entries[index].hasChanged(old, new) {
        entries[index].isArmed = false
        armedCount -= 1
        result.append(index)
      }
    }
    return result
  }

  /// Takes back the array ``takeChanged(from:to:)`` returned, to reuse its storage.
  func recycle(_ indices: [Int]) {
    var indices = indices
    indices.removeAll(keepingCapacity: true)
    changed = indices
  }
}

extension ReactorStore {
  /// The members Observation tracks for single properties of the state (one per slot of the
  /// ``PropertyTracker``); their value means nothing, their key paths identify the properties.
  nonisolated subscript(trackedProperty slot: Int) -> Int { 0 }
}
