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
@usableFromInline
final class LockedState<State> {
  #if canImport(Darwin)
    @usableFromInline let mutex: UnsafeMutablePointer<os_unfair_lock>
  #elseif canImport(WinSDK)
    @usableFromInline let mutex: UnsafeMutablePointer<SRWLOCK>
  #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  @exclusivity(unchecked) @usableFromInline var state: State

  @usableFromInline
  init(_ initial: State) {
    state = initial
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

  deinit {
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
}

// The lock makes access safe; what is stored must itself be safe to hand between threads.
extension LockedState: @unchecked Sendable where State: Sendable {}
