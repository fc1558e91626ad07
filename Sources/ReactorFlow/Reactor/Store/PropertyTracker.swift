/// The state properties that Swift's Observation tracks one by one (read as `reactor[\.title]`):
/// for each, the key path Observation knows it by and how to tell that it changed.
///
/// Each property a view reads gets an entry the first time it is read (one per distinct state key
/// path, kept for the store's lifetime). An entry is *armed* by a tracked read and disarmed when
/// its change has been reported: Observation's `onChange` fires once, then a tracker reads again
/// (which re-arms). Only armed entries are compared when the state changes.
///
/// A value kept in the ``StoreObservation``'s cell (main-actor only). Empty, it allocates nothing.
/// Its methods are `@inlinable` so that they are specialised for the reactor in the module that
/// reads (no generic metadata look-ups).
@MainActor
@usableFromInline
struct PropertyTracker<R: Reactor> {
  /// The state key paths read, one per entry (kept, so that its identity finds the entry again).
  @usableFromInline var stateKeyPaths: ContiguousArray<AnyKeyPath> = []
  /// The members of the store Observation tracks, one per entry: `\.[trackedProperty: n]`, built
  /// once (a generic class's key path is not a constant), each a `KeyPath<ReactorStore<R>, Int>`
  /// (kept type-erased: a non-generic array costs no metadata look-up; see ``keyPath(_:)``).
  @usableFromInline var keyPaths: ContiguousArray<AnyKeyPath> = []
  /// What the state-change loop reads, one per entry: plain, non-generic memory.
  @usableFromInline var comparisons: ContiguousArray<PropertyComparison> = []
  /// Finds an entry by the identity of the key path object it was made with (a key path literal
  /// outside generic code is one object): no hashing of the key path's components.
  @usableFromInline var indexByIdentity: [ObjectIdentifier: Int] = [:]
  /// Finds an entry by key path equality (a key path built anew, as in generic code).
  @usableFromInline var indexByKeyPath: [AnyKeyPath: Int] = [:]
  /// How many entries are armed.
  @usableFromInline var armedCount = 0
  /// The entries found changed by the last ``takeChanged(from:to:)``, reused (no allocation).
  @usableFromInline var changed: [Int] = []

  @usableFromInline nonisolated init() {}

  /// Arms the entry `index`: its property is compared when the state changes.
  @inlinable
  mutating func arm(_ index: Int) {
    if !comparisons[index].isArmed {
      comparisons[index].isArmed = true
      armedCount += 1
    }
  }

  /// The member Observation tracks for the entry `index`.
  @inlinable
  func keyPath(_ index: Int) -> KeyPath<ReactorStore<R>, Int> {
    // Stored by `index(of:orMake:)` as exactly this type.
    unsafeDowncast(keyPaths[index], to: KeyPath<ReactorStore<R>, Int>.self)
  }

  /// The entry of `keyPath`, made on first use with `comparison`.
  @inlinable
  mutating func index(of keyPath: AnyKeyPath, orMake comparison: () -> PropertyComparison) -> Int {
    if let index = indexByIdentity[ObjectIdentifier(keyPath)], stateKeyPaths[index] === keyPath {
      return index
    }
    if let index = indexByKeyPath[keyPath] { return index }
    let index = stateKeyPaths.count
    stateKeyPaths.append(keyPath)
    keyPaths.append(\ReactorStore<R>.[trackedProperty: index])
    comparisons.append(comparison())
    indexByKeyPath[keyPath] = index
    indexByIdentity[ObjectIdentifier(keyPath)] = index
    return index
  }

  /// Disarms and returns the armed entries whose property differs between the state in `cell`
  /// and `newState`. The caller hands the array back with ``recycle(_:)``.
  @inlinable
  mutating func takeChanged(from cell: StateCell<R.State>, to newState: R.State) -> [Int] {
    var result = changed
    changed = []
    guard armedCount > 0 else { return result }
    armedCount -= cell.takeChanged(to: newState, in: &comparisons, into: &result)
    return result
  }

  /// Takes back the array ``takeChanged(from:to:)`` returned, to reuse its storage (emptied in
  /// place: the caller's is its only reference, so no new storage is allocated).
  @inlinable
  mutating func recycle(_ indices: inout [Int]) {
    indices.removeAll(keepingCapacity: true)
    swap(&changed, &indices)
  }
}

extension ReactorStore {
  /// The members Observation tracks for single properties of the state (one per slot of the
  /// ``PropertyTracker``); their value means nothing, their key paths identify the properties.
  @usableFromInline
  nonisolated subscript(trackedProperty slot: Int) -> Int { 0 }
}
