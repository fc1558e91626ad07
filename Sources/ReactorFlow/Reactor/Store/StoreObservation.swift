import Observation

/// A reactor store's bridge to Swift's Observation: the registrar, and what it tracks — the whole
/// state (a `currentState` read) or single properties (`reactor[\.title]`).
///
/// The store is the subject Observation knows; this bridge records the reads and, when the state
/// changes while something is tracked, tells Observation which members changed. Its mutable part
/// lives in a ``MainActorCell`` (main-actor only), read field by field: no access to it spans a
/// call into Observation, whose `onChange` handlers may read the reactor again.
@usableFromInline
struct StoreObservation<R: Reactor> {
  /// What is tracked now.
  @usableFromInline
  struct Tracking {
    /// Whether a change of the state must be reported (the store's hot path checks this alone).
    @usableFromInline var isArmed = false
    /// Whether a `currentState` read armed Observation on the whole state.
    @usableFromInline var isWholeStateTracked = false
    /// The properties tracked one by one.
    @usableFromInline var properties = PropertyTracker<R>()

    @usableFromInline nonisolated init() {}
  }

  /// What is tracked now.
  @usableFromInline let tracking = MainActorCell(Tracking())
  /// Raised when Observation records a read of one of the store's members (see
  /// ``ObservationProbe``).
  @usableFromInline let probeFlag = MainActorCell(false)
  /// Whether every read counts as tracked (the probe cannot tell on this platform).
  @usableFromInline let armsOnEveryRead: Bool
  /// The member Observation tracks for the whole state, `\.[observedState: probe]`, built once:
  /// a generic class's key path is not a constant, and building it would cost many times the
  /// read itself.
  @usableFromInline let stateKeyPath: KeyPath<ReactorStore<R>, Int>
  /// Observation's registrar, in an object of its own (see ``RegistrarHolder``).
  @usableFromInline let registrar = RegistrarHolder()

  @usableFromInline nonisolated init() {
    stateKeyPath = \.[observedState: ObservationProbe(probeFlag)]
    armsOnEveryRead = !ObservationProbe.isReliable
  }

  /// Records a read of the whole state of `store`; arms the store if something tracks it.
  @MainActor @inlinable
  func accessState(of store: ReactorStore<R>) {
    probeFlag.value = armsOnEveryRead
    registrar.value.access(store, keyPath: stateKeyPath)
    if _slowPath(probeFlag.value) {
      tracking.value.isWholeStateTracked = true
      tracking.value.isArmed = true
    }
  }

  /// Records a read of the property at `keyPath` of `store`'s state (`comparison` makes its
  /// comparison the first time that key path is read) and arms it. Specialised in the reading
  /// module but kept out of line: inlined, it made `reactor[\.x]` too large to be inlined where it
  /// is read, and the key path was then resolved at run time instead of being a fixed offset.
  @MainActor @inlinable @inline(never)
  func accessProperty(
    of store: ReactorStore<R>, _ keyPath: AnyKeyPath, orMake comparison: () -> PropertyComparison
  ) {
    let index = tracking.value.properties.index(of: keyPath, orMake: comparison)
    registrar.value.access(store, keyPath: tracking.value.properties.keyPath(index))
    tracking.value.properties.arm(index)
    tracking.value.isArmed = true
  }

  /// Stores `newState` in `cell` while something is tracked: tells Observation which members of
  /// `store` change (the whole state, the properties whose value differs).
  @MainActor @inlinable
  func store(_ newState: R.State, in cell: StateCell<R.State>, of store: ReactorStore<R>) {
    // Observation's onChange fires once, then a tracker must read again (which re-arms).
    tracking.value.isArmed = false
    let whole = tracking.value.isWholeStateTracked
    tracking.value.isWholeStateTracked = false
    guard tracking.value.properties.armedCount > 0 else {
      if whole { registrar.value.willSet(store, keyPath: stateKeyPath) }
      cell.value = newState
      if whole { registrar.value.didSet(store, keyPath: stateKeyPath) }
      return
    }
    var changed = tracking.value.properties.takeChanged(from: cell, to: newState)
    if whole { registrar.value.willSet(store, keyPath: stateKeyPath) }
    for index in changed {
      registrar.value.willSet(store, keyPath: tracking.value.properties.keyPath(index))
    }
    cell.value = newState
    if whole { registrar.value.didSet(store, keyPath: stateKeyPath) }
    for index in changed {
      registrar.value.didSet(store, keyPath: tracking.value.properties.keyPath(index))
    }
    tracking.value.properties.recycle(&changed)
    // The properties that did not change stay tracked; so does whatever onChange read again.
    if tracking.value.properties.armedCount > 0 || tracking.value.isWholeStateTracked {
      tracking.value.isArmed = true
    }
  }
}

/// Holds a store's `ObservationRegistrar`. Observation is built for library evolution, so the
/// registrar's size is not known when the library is compiled: stored in the bridge itself, it
/// would make the bridge a value whose fields (and whose place in the store) are found through
/// type metadata at run time, on the hot path's check of its tracking flag too.
@usableFromInline
final class RegistrarHolder: Sendable {
  @usableFromInline let value = ObservationRegistrar()

  @usableFromInline init() {}
}

extension ReactorStore {
  /// The member Observation tracks for the whole state: it changes whenever the state does (its
  /// value means nothing).
  @usableFromInline
  nonisolated subscript(observedState probe: ObservationProbe) -> Int { 0 }
}
