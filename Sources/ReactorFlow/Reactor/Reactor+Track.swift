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
    store.trackProperty(storeOwner, keyPath) { .equatable(keyPath) }
    return store.state.value[keyPath: keyPath]
  }

  /// The value at `keyPath` in the current state, tracked by Swift's Observation for that
  /// property: a value that is not `Equatable` cannot be compared, so every change of the state
  /// counts as a change of it — except a ``Pulse`` (`reactor[\.$alert]`), which changes on each
  /// of its pulses. Make the value `Equatable` to be invalidated only when it changes.
  @inlinable
  @_disfavoredOverload
  public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    store.trackProperty(storeOwner, keyPath) { .anyValue(keyPath) }
    return store.state.value[keyPath: keyPath]
  }
}
