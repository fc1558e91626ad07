extension Reactor {
  /// The value at `keyPath` in the current state, tracked by Swift's Observation *for that
  /// property alone*: a SwiftUI view (or `withObservationTracking`) that reads
  /// `reactor[\.title]` is invalidated when `title` changes, not when another field does.
  ///
  /// ```swift
  /// Text(reactor[\.title])          // redrawn when title changes
  /// Text("\(reactor[\.profile.age])")  // nested key paths too
  /// ```
  ///
  /// The value is compared with `==` on each change while a tracker reads it; a change is
  /// reported once (Observation's `onChange` fires once, then the view reads again). For a
  /// ``Pulse`` read its projection, `reactor[\.$alertMessage]`: every assignment is a change,
  /// even of an equal value. ``currentState`` still tracks the whole state.
  public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    store.trackProperty(self, keyPath) {
      if let offset = MemoryLayout<State>.offset(of: keyPath) {
        // A stored property: compared at its fixed offset, no key-path machinery per change.
        return { old, new in
          let oldValue = UnsafeRawPointer(old).advanced(by: offset).assumingMemoryBound(to: Value.self)
          let newValue = UnsafeRawPointer(new).advanced(by: offset).assumingMemoryBound(to: Value.self)
          return oldValue.pointee != newValue.pointee
        }
      }
      return { old, new in old.pointee[keyPath: keyPath] != new.pointee[keyPath: keyPath] }
    }
    return store.state.value[keyPath: keyPath]
  }

  /// The value at `keyPath` in the current state, tracked by Swift's Observation for that
  /// property: a value that is not `Equatable` cannot be compared, so every change of the state
  /// counts as a change of it — except a ``Pulse`` (`reactor[\.$alert]`), which changes on each
  /// of its pulses. Make the value `Equatable` to be invalidated only when it changes.
  @_disfavoredOverload
  public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    store.trackProperty(self, keyPath) {
      if Value.self is any PulseCounting.Type {
        return { old, new in
          let oldPulse = old.pointee[keyPath: keyPath] as! any PulseCounting
          let newPulse = new.pointee[keyPath: keyPath] as! any PulseCounting
          return oldPulse.valueUpdatedCount != newPulse.valueUpdatedCount
        }
      }
      return { _, _ in true }
    }
    return store.state.value[keyPath: keyPath]
  }
}
