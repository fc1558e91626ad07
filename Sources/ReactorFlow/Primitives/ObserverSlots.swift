/// What the notification loop checks before calling an observer: plain memory, no reference
/// counting.
@usableFromInline
struct ObserverSlot {
  @usableFromInline var isRemoved = false
  /// `filter.size == 0` means "always call".
  @usableFromInline let filter: ChangeFilter
  @usableFromInline var last: ChangeFilter.Bytes

  @usableFromInline
  init(filter: ChangeFilter?, state: UnsafeRawPointer) {
    self.filter = filter ?? ChangeFilter(offset: 0, size: 0)
    self.last = self.filter.read(state)
  }

  /// `false` when the observer is removed, or when the filtered bytes are the ones seen last
  /// (the value cannot have changed). `true` sends the observer to its own `==`, which has the
  /// last word.
  @inlinable
  mutating func mayHaveChanged(_ state: UnsafeRawPointer) -> Bool {
    if isRemoved { return false }
    guard filter.size > 0 else { return true }
    let bytes = filter.read(state)
    if bytes == last { return false }
    last = bytes
    return true
  }
}

/// A growable array of ``ObserverSlot`` in memory its list owns: reading and updating a slot in
/// the loop costs no uniqueness or exclusivity check.
@usableFromInline
struct ObserverSlots {
  @usableFromInline var base: UnsafeMutablePointer<ObserverSlot>
  @usableFromInline var count = 0
  @usableFromInline var capacity = 4

  init() {
    base = .allocate(capacity: 4)
  }

  mutating func append(_ slot: ObserverSlot) {
    if count == capacity {
      let grown = UnsafeMutablePointer<ObserverSlot>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: slot)
    count += 1
  }

  mutating func remove(at index: Int) {
    (base + index).deinitialize(count: 1)
    (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
    count -= 1
  }

  func deallocate() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
