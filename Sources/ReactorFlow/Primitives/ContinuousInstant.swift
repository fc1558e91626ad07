#if canImport(Glibc)
  import Glibc
#endif

/// An instant of a clock that counts the time the machine sleeps, as `ContinuousClock` does, read
/// the cheapest way the platform has: on Linux `CLOCK_BOOTTIME` directly, without the calls around
/// `ContinuousClock.now` (a recorder reads it once per entry: docs/MEASUREMENTS.md).
@usableFromInline
struct ContinuousInstant: Sendable {
  #if canImport(Glibc)
    /// Nanoseconds since boot.
    @usableFromInline let nanoseconds: Int64

    @inlinable
    init(nanoseconds: Int64) {
      self.nanoseconds = nanoseconds
    }

    @inlinable
    static var now: ContinuousInstant {
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return ContinuousInstant(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    @inlinable
    func duration(to other: ContinuousInstant) -> Duration {
      .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    @inlinable
    func nanoseconds(to other: ContinuousInstant) -> Int64 {
      other.nanoseconds &- nanoseconds
    }
  #else
    @usableFromInline let instant: ContinuousClock.Instant

    @inlinable
    init(instant: ContinuousClock.Instant) {
      self.instant = instant
    }

    @inlinable
    static var now: ContinuousInstant { ContinuousInstant(instant: .now) }

    @inlinable
    func duration(to other: ContinuousInstant) -> Duration {
      instant.duration(to: other.instant)
    }

    @inlinable
    func nanoseconds(to other: ContinuousInstant) -> Int64 {
      let (seconds, attoseconds) = duration(to: other).components
      return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
  #endif
}
