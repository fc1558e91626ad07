#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(WinSDK)
  import WinSDK
#endif

/// A mutual-exclusion lock that owns the state it protects.
///
/// The stream primitives follow one habit: their logic is a pure state machine (a value type with
/// `mutating` methods that return what to do next) and this class is the thin storage that holds it
/// under a lock. Callers never hold the lock while running user code.
///
/// States may share one lock (``init(_:sharingLockWith:)``): a caller that changes two of them
/// together takes the lock once (``withLock(alongside:_:)``).
@usableFromInline
final class LockedState<State> {
  #if canImport(Darwin)
    @usableFromInline let mutex: UnsafeMutablePointer<os_unfair_lock>
  #elseif canImport(WinSDK)
    @usableFromInline let mutex: UnsafeMutablePointer<SRWLOCK>
  #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  /// The state whose lock this one shares, kept alive with it; `nil` when this one owns its lock.
  @usableFromInline let lockOwner: AnyObject?
  @exclusivity(unchecked) @usableFromInline var state: State

  @usableFromInline
  init(_ initial: State) {
    state = initial
    lockOwner = nil
    mutex = .allocate(capacity: 1)
    #if canImport(Darwin)
      mutex.initialize(to: os_unfair_lock())
    #elseif canImport(WinSDK)
      InitializeSRWLock(mutex)
    #else
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    #endif
  }

  /// A state guarded by `other`'s lock (or by the lock `other` shares).
  @usableFromInline
  init<Other>(_ initial: State, sharingLockWith other: LockedState<Other>) {
    state = initial
    lockOwner = other.lockOwner ?? other
    mutex = other.mutex
  }

  deinit {
    guard lockOwner == nil else { return }
    #if !canImport(Darwin) && !canImport(WinSDK)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  @inlinable
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
      defer { os_unfair_lock_unlock(mutex) }
    #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&state)
  }

  /// Runs `body` with exclusive access to this state and to `other`'s, which shares its lock: the
  /// lock is taken once for both.
  @inlinable @inline(__always)
  func withLock<Other, R>(alongside other: LockedState<Other>, _ body: (inout State, inout Other) throws -> R)
    rethrows -> R
  {
    precondition(mutex == other.mutex, "withLock(alongside:) needs two states that share one lock")
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
      defer { os_unfair_lock_unlock(mutex) }
    #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&state, &other.state)
  }

  /// Runs `body` with this state, for a caller that holds its lock already: inside `withLock` of
  /// `holder`, a state that shares the lock.
  @inlinable
  func withLockHeld<Other, R>(by holder: inout Other, _ body: (inout State) throws -> R) rethrows -> R {
    try body(&state)
  }
}

// The lock makes access safe; what is stored must itself be safe to hand between threads.
extension LockedState: @unchecked Sendable where State: Sendable {}
