/// The observers of one reactor's state, in notification order — the only place that handles
/// their memory by hand.
///
/// The notification loop reads ``ObserverSlot``s (plain memory: a change filter and a removal
/// flag) and touches an observer object only when its value may have changed. Observers may
/// subscribe and dispose from inside a notification: an observer added then is first notified
/// on the next change (it was given the current value when it subscribed); one removed then is
/// not called again, even later in the same loop, and is taken out once the outermost loop ends.
/// An observer object is released only once the list is consistent again, so whatever its
/// release runs (a `deinit` that sends an action) sees a well-formed list.
///
/// Main-actor only (its owner, ``ReactorStore``, is), hence no runtime exclusivity checks.
@MainActor
@usableFromInline
final class ObserverList<State> {
  // `nonisolated(unsafe)` only so that `deinit` (nonisolated) can free it.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var slots = ObserverSlots()
  /// Unretained views of `objects`, read by the loop without reference counting.
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Unmanaged<StateObserver<State>>> =
    []
  @exclusivity(unchecked) @usableFromInline var objects: [StateObserver<State>] = []
  @exclusivity(unchecked) @usableFromInline var notifyDepth = 0
  @exclusivity(unchecked) @usableFromInline var hasRemoved = false
  private var nextID = 0

  @usableFromInline nonisolated init() {}

  deinit {
    slots.deallocate()
  }

  /// How many observers are attached and not removed.
  var count: Int {
    (0..<slots.count).filter { !slots.base[$0].isRemoved }.count
  }

  /// Adds an observer of the state in `cell`; returns its id for ``remove(_:)``.
  @usableFromInline
  func add(
    filter: ChangeFilter?, state cell: StateCell<State>,
    _ notify: @escaping @MainActor (UnsafePointer<State>) -> Void
  ) -> Int {
    let id = nextID
    nextID += 1
    let observer = StateObserver(id: id, notify: notify)
    objects.append(observer)
    observers.append(Unmanaged.passUnretained(observer))
    slots.append(ObserverSlot(filter: filter, state: UnsafeRawPointer(cell.pointer)))
    return id
  }

  /// Calls every observer whose value may have changed, in order, with the state in `cell`.
  @inlinable
  func notify(_ cell: StateCell<State>) {
    let state = UnsafePointer(cell.pointer)
    let count = observers.count
    guard count > 0 else { return }
    notifyDepth += 1
    let raw = UnsafeRawPointer(state)
    var index = 0
    while index < count {
      // The slot memory is read afresh each time: an observer called before may have added
      // observers, and the slots may have moved. No closure here: a closure handed to a
      // standard-library API gets an executor check.
      if slots.base[index].mayHaveChanged(raw) {
        observers[index].takeUnretainedValue().notify(state)
      }
      index += 1
    }
    notifyDepth -= 1
    if _slowPath(hasRemoved && notifyDepth == 0) { compact() }
  }

  /// Removes the observer `id`: at once, or — during a notification — marked now (it is not
  /// called again) and taken out when the outermost notification ends.
  @usableFromInline
  func remove(_ id: Int) {
    guard let index = objects.firstIndex(where: { $0.id == id }) else { return }
    if notifyDepth > 0 {
      slots.base[index].isRemoved = true
      hasRemoved = true
    } else {
      let released = take(at: index)
      withExtendedLifetime(released) {}
    }
  }

  /// Takes out the observers marked removed.
  @usableFromInline
  func compact() {
    hasRemoved = false
    var released: [StateObserver<State>] = []
    var index = objects.count - 1
    while index >= 0 {
      if slots.base[index].isRemoved { released.append(take(at: index)) }
      index -= 1
    }
    // Released here, with the list consistent again.
    withExtendedLifetime(released) {}
  }

  /// Removes the entry at `index` from all three arrays and hands back its object, so that the
  /// caller releases it once the list is consistent.
  private func take(at index: Int) -> StateObserver<State> {
    observers.remove(at: index)
    slots.remove(at: index)
    return objects.remove(at: index)
  }
}

extension ObserverList {
  /// Adds an observer of the whole state: `onChange` gets each new state.
  func addStateObserver(in cell: StateCell<State>, _ onChange: @escaping @MainActor (State) -> Void)
    -> Int
  {
    add(filter: nil, state: cell) { onChange($0.pointee) }
  }

  /// Adds an observer of the value at `keyPath`, last delivered as `initial`: `onChange` gets it
  /// each time it changes. A stored property is read at its fixed offset (no key-path machinery
  /// per change), and its bytes are compared first when it is trivial (see ``ChangeFilter``).
  @inlinable
  func addValueObserver<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, in cell: StateCell<State>, initial: Value,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> Int {
    let last = LastValue(initial)
    if let offset = MemoryLayout<State>.offset(of: keyPath) {
      return add(filter: ChangeFilter(Value.self, offset: offset), state: cell) { state in
        let value = UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Value.self)
        if value.pointee != last.value {
          last.value = value.pointee
          onChange(last.value)
        }
      }
    }
    return add(filter: nil, state: cell) { state in
      let value = state.pointee[keyPath: keyPath]
      if value != last.value {
        last.value = value
        onChange(value)
      }
    }
  }

  /// Adds an observer of the ``Pulse`` at `keyPath`: `onPulse` gets its value on each assignment.
  func addPulseObserver<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, in cell: StateCell<State>,
    _ onPulse: @escaping @MainActor (Value) -> Void
  ) -> Int {
    var lastCount = cell.value[keyPath: keyPath].valueUpdatedCount
    return add(filter: nil, state: cell) { state in
      let pulse = state.pointee[keyPath: keyPath]
      if pulse.valueUpdatedCount != lastCount {
        lastCount = pulse.valueUpdatedCount
        onPulse(pulse.value)
      }
    }
  }
}

/// One observer of a reactor's state: called with a pointer to the new state (no copy).
@usableFromInline
final class StateObserver<State> {
  @usableFromInline let id: Int
  @usableFromInline let notify: @MainActor (UnsafePointer<State>) -> Void

  @usableFromInline
  init(id: Int, notify: @escaping @MainActor (UnsafePointer<State>) -> Void) {
    self.id = id
    self.notify = notify
  }
}

/// The last value an observer delivered. Only the main actor touches it, so the runtime
/// exclusivity checks a captured `var` would cost are not needed.
@usableFromInline
final class LastValue<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
