/// Where an observed value lives in the state, when it is a trivial (bitwise-copyable) value of
/// at most 16 bytes at a fixed offset: its bytes are compared before its `==` is called, so an
/// observer whose value did not change costs a few loads and no call.
///
/// Equal bytes mean an equal value for every trivial type except a floating-point NaN (whose
/// repeat is then not reported). Different bytes only send the observer to `==`.
@usableFromInline
struct ChangeFilter: Sendable {
  @usableFromInline typealias Bytes = (UInt64, UInt64)
  @usableFromInline let offset: Int
  @usableFromInline let size: Int

  @usableFromInline
  init(offset: Int, size: Int) {
    self.offset = offset
    self.size = size
  }

  /// The filter for a `Value` at `offset`, or `nil` when `Value` is not trivial or too large.
  @inlinable
  init?<Value>(_: Value.Type, offset: Int) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size > 0, MemoryLayout<Value>.size <= 16 else {
      return nil
    }
    self.init(offset: offset, size: MemoryLayout<Value>.size)
  }

  /// The value's bytes as two words: the first and the last bytes of the value, overlapping
  /// when it is shorter than 16 bytes, so every byte counts and nothing outside it is read.
  @inlinable
  func read(_ base: UnsafeRawPointer) -> Bytes {
    let start = base + offset
    switch size {
    case 0: return (0, 0)
    case 1: return (UInt64(start.load(as: UInt8.self)), 0)
    case 2...3:
      return (
        UInt64(start.loadUnaligned(as: UInt16.self)),
        UInt64(start.loadUnaligned(fromByteOffset: size - 2, as: UInt16.self))
      )
    case 4...7:
      return (
        UInt64(start.loadUnaligned(as: UInt32.self)),
        UInt64(start.loadUnaligned(fromByteOffset: size - 4, as: UInt32.self))
      )
    default:
      return (
        start.loadUnaligned(as: UInt64.self),
        start.loadUnaligned(fromByteOffset: size - 8, as: UInt64.self)
      )
    }
  }
}

/// How one tracked property is compared, in memory the state-change loop reads with no generic
/// metadata: the closure knows the state's type; it is not main-actor isolated, so that calling
/// it costs no executor check (it only compares two values).
@usableFromInline
struct PropertyComparison {
  /// Whether the property differs between the states at the two addresses.
  @usableFromInline typealias HasChanged = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

  @usableFromInline let hasChanged: HasChanged
  @usableFromInline var isArmed = false

  @usableFromInline
  init(hasChanged: @escaping HasChanged) {
    self.hasChanged = hasChanged
  }

  /// Compares the `Equatable` value at `keyPath` of two `State`s: a stored property at its fixed
  /// offset (no key-path machinery per change), anything else through the key path.
  @inlinable
  static func equatable<State, Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> PropertyComparison {
    if let offset = MemoryLayout<State>.offset(of: keyPath) {
      return PropertyComparison { old, new in
        old.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
          != new.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
      }
    }
    return PropertyComparison { old, new in
      old.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
        != new.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
    }
  }

  /// Tells a change of a value that is not `Equatable`: a `Pulse` changes with its count,
  /// anything else with every change of the state.
  @inlinable
  static func anyValue<State, Value>(_ keyPath: KeyPath<State, Value>) -> PropertyComparison {
    if Value.self is any PulseCounting.Type {
      return PropertyComparison { old, new in
        let oldPulse = old.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath] as! any PulseCounting
        let newPulse = new.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath] as! any PulseCounting
        return oldPulse.valueUpdatedCount != newPulse.valueUpdatedCount
      }
    }
    return PropertyComparison { _, _ in true }
  }

  /// Disarms the armed comparisons whose property changed, appends their indices to `changed`,
  /// and returns how many there were.
  @usableFromInline
  static func takeChanged(
    _ comparisons: inout ContiguousArray<PropertyComparison>, from old: UnsafeRawPointer,
    to new: UnsafeRawPointer, into changed: inout [Int]
  ) -> Int {
    var count = 0
    for index in comparisons.indices where comparisons[index].isArmed {
      if comparisons[index].hasChanged(old, new) {
        comparisons[index].isArmed = false
        changed.append(index)
        count += 1
      }
    }
    return count
  }
}
