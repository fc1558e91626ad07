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
