extension Reactor {
  /// The value at `keyPath` in the current state, tracked by Swift's Observation *for that
  /// property alone*: a SwiftUI view (or `withObservationTracking`) that reads
  /// `reactor[\.title]` is invalidated when `title` changes, not when another field does.
  ///
  /// ```swift
  /// let title = reactor[\.title]      // a SwiftUI body that reads it is redrawn when title changes
  /// let age = reactor[\.profile.age]  // nested key paths too
  /// ```
  ///
  /// The value is compared with `==` on each change while a tracker reads it; a change is
  /// reported once (Observation's `onChange` fires once, then the view reads again). For a
  /// ``Pulse`` read its projection, `reactor[\.$alertMessage]`: every assignment is a change,
  /// even of an equal value. ``currentState`` still tracks the whole state.
  @inlinable
  public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    store.trackProperty(storeOwner, keyPath) { Self.comparison(of: keyPath) }
    return store.state.value[keyPath: keyPath]
  }

  /// The value at `keyPath` in the current state, tracked by Swift's Observation for that
  /// property: a value that is not `Equatable` cannot be compared, so every change of the state
  /// counts as a change of it — except a ``Pulse`` (`reactor[\.$alert]`), which changes on each
  /// of its pulses. Make the value `Equatable` to be invalidated only when it changes.
  @inlinable
  @_disfavoredOverload
  public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    store.trackProperty(storeOwner, keyPath) { Self.anyComparison(of: keyPath) }
    return store.state.value[keyPath: keyPath]
  }

  /// Compares the `Equatable` value at `keyPath` in two states (nonisolated: no executor check
  /// when called).
  @inlinable
  nonisolated static func comparison<Value: Equatable>(of keyPath: KeyPath<State, Value>)
    -> PropertyComparison.HasChanged
  {
    if let offset = MemoryLayout<State>.offset(of: keyPath) {
      // A stored property: compared at its fixed offset, no key-path machinery per change.
      return { old, new in
        old.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
          != new.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
      }
    }
    return { old, new in
      old.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
        != new.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
    }
  }

  /// Tells a change of a value that is not `Equatable`: a `Pulse` changes with its count,
  /// anything else with every change of the state.
  @inlinable
  nonisolated static func anyComparison<Value>(of keyPath: KeyPath<State, Value>)
    -> PropertyComparison.HasChanged
  {
    if Value.self is any PulseCounting.Type {
      return { old, new in
        let oldPulse = old.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath] as! any PulseCounting
        let newPulse = new.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath] as! any PulseCounting
        return oldPulse.valueUpdatedCount != newPulse.valueUpdatedCount
      }
    }
    return { _, _ in true }
  }
}
