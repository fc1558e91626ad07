/// A call site as recording keeps it: where the `#fileID` literal's UTF-8 bytes are (a literal
/// lives as long as the program, so nothing is retained, and no text is built), their count and
/// the line, in two words — made into a ``JournalCallSite`` only when the journal is read. (In
/// 12 bytes — a 12-bit count and a 20-bit line — it cost a recorded action 7 instructions more:
/// docs/MEASUREMENTS.md.)
/// ``unknown`` (no bytes, line 0, which `#line` never is) stands for none, so that no optional is
/// carried along the recorded path.
@usableFromInline
struct RecordedCallSite: @unchecked Sendable {  // The bytes are a literal's: immutable, immortal.
  /// The first byte of the file's `#fileID`; `nil` for ``unknown``.
  @usableFromInline let file: UnsafePointer<UInt8>?
  /// The count of the file's bytes in the high 32 bits, the line in the low 32.
  @usableFromInline let countAndLine: UInt64

  @inlinable @inline(__always)
  init(fileID: StaticString, line: UInt) {
    // Both are constants where the call site is written: the checks fold away. A literal of one
    // character may be kept as a scalar, without bytes to point at; a line past 4,294,967,295 does
    // not fit. Neither is kept (rather than kept wrong).
    guard fileID.hasPointerRepresentation, line <= UInt32.max else {
      self = .unknown
      return
    }
    file = fileID.utf8Start
    let count = UInt64(truncatingIfNeeded: fileID.utf8CodeUnitCount)
    countAndLine = count << 32 | UInt64(UInt32(truncatingIfNeeded: line))
  }

  @inlinable @inline(__always)
  init(file: UnsafePointer<UInt8>?, countAndLine: UInt64) {
    self.file = file
    self.countAndLine = countAndLine
  }

  /// No call site: a value sent through a function reference, or by the library itself.
  @inlinable
  static var unknown: RecordedCallSite { RecordedCallSite(file: nil, countAndLine: 0) }

  /// The call site as a journal entry holds it; `nil` for ``unknown``.
  var journalCallSite: JournalCallSite? {
    let line = Int(countAndLine & 0xFFFF_FFFF)
    guard let file, line != 0 else { return nil }
    let bytes = UnsafeBufferPointer(start: file, count: Int(countAndLine >> 32))
    return JournalCallSite(fileID: String(decoding: bytes, as: UTF8.self), line: line)
  }
}
