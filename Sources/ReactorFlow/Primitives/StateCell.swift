/// Where a reactor's current state lives: one value in memory of its own, so that observers are
/// handed a pointer to it (no copy per observer) and the hot path reads and writes it with no
/// uniqueness or exclusivity check.
///
/// Initialised on the store's first use (the reactor's `initialState` is read then), freed with
/// the store. Main-actor only.
@MainActor
@usableFromInline
final class StateCell<State> {
  /// The state's memory; initialised once ``isInitialized`` is `true`.
  @usableFromInline nonisolated(unsafe) let pointer: UnsafeMutablePointer<State>
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var isInitialized = false

  @usableFromInline nonisolated init() {
    pointer = .allocate(capacity: 1)
  }

  deinit {
    if isInitialized { pointer.deinitialize(count: 1) }
    pointer.deallocate()
  }

  /// Stores the first value.
  func initialize(to value: State) {
    pointer.initialize(to: value)
    isInitialized = true
  }

  /// The current value (the cell must be initialised).
  @inlinable var value: State {
    get { pointer.pointee }
    set { pointer.pointee = newValue }
  }

  /// Runs the armed `comparisons` between the current value and `newValue` (in place, no copy of
  /// the current value): disarms those that find a change, appends their indices to `changed`
  /// and returns how many there were.
  @inlinable
  func takeChanged(
    to newValue: State, in comparisons: inout ContiguousArray<PropertyComparison>,
    into changed: inout [Int]
  ) -> Int {
    withUnsafePointer(to: newValue) { new in
      PropertyComparison.takeChanged(&comparisons, from: pointer, to: new, into: &changed)
    }
  }
}
