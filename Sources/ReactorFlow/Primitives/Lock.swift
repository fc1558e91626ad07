#if canImport(Darwin)
  import Darwin
#elseif canImport(WinSDK)
  import WinSDK
#else
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import Synchronization
#endif

/// A mutual-exclusion lock that owns the state it protects.
///
/// The stream primitives follow one habit: their logic is a pure state machine (a value type with
/// `mutating` methods that return what to do next) and this class is the thin storage that holds it
/// under a lock. Callers never hold the lock while running user code.
///
/// States may share one lock (``init(_:sharingLockWith:)``): a caller that changes two of them
/// together takes the lock once (``withLock(alongside:_:)``).
///
/// The lock is the platform's cheapest one that Thread Sanitizer understands: `os_unfair_lock` on
/// Apple platforms, `SRWLOCK` on Windows, and elsewhere (Linux) a ``SpinLock``.
@usableFromInline
final class LockedState<State> {
  /// The lock: shared by the states made with ``init(_:sharingLockWith:)``, and kept alive by
  /// each of them (a lock does not keep any state alive).
  #if canImport(Darwin) || canImport(WinSDK)
    @usableFromInline let mutex: LockStorage
  #else
    @usableFromInline let mutex: SpinLock
  #endif
  @exclusivity(unchecked) @usableFromInline var state: State

  @usableFromInline
  init(_ initial: State) {
    state = initial
    #if canImport(Darwin) || canImport(WinSDK)
      mutex = LockStorage.make()
    #else
      mutex = SpinLock()
    #endif
  }

  /// A state guarded by `other`'s lock.
  @usableFromInline
  init<Other>(_ initial: State, sharingLockWith other: LockedState<Other>) {
    state = initial
    mutex = other.mutex
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  @inlinable
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&state)
  }

  /// Runs `body` with exclusive access to this state and to `other`'s, which shares its lock: the
  /// lock is taken once for both.
  @inlinable @inline(__always)
  func withLock<Other, R>(alongside other: LockedState<Other>, _ body: (inout State, inout Other) throws -> R)
    rethrows -> R
  {
    // Checked in debug builds: the states that share a lock are made so, once, by their owner.
    assert(mutex === other.mutex, "withLock(alongside:) needs two states that share one lock")
    mutex.lock()
    defer { mutex.unlock() }
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

#if canImport(Darwin) || canImport(WinSDK)
  #if canImport(Darwin)
    @usableFromInline typealias PlatformLock = os_unfair_lock
  #else
    @usableFromInline typealias PlatformLock = SRWLOCK
  #endif

  /// The lock of a ``LockedState`` on Apple platforms (`os_unfair_lock`) and Windows (`SRWLOCK`):
  /// the platform's lock, which must not move in memory, allocated at the end of this object and
  /// freed with it.
  @usableFromInline
  final class LockStorage: ManagedBuffer<Void, PlatformLock> {
    static func make() -> LockStorage {
      // `create` makes an instance of the class it is called on.
      guard let storage = create(minimumCapacity: 1, makingHeaderWith: { _ in }) as? LockStorage else {
        preconditionFailure("ManagedBuffer.create made another class than LockStorage")
      }
      storage.withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          lock.initialize(to: os_unfair_lock())
        #else
          InitializeSRWLock(lock)
        #endif
      }
      return storage
    }

    @inlinable @inline(__always)
    func lock() {
      withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          os_unfair_lock_lock(lock)
        #else
          AcquireSRWLockExclusive(lock)
        #endif
      }
    }

    @inlinable @inline(__always)
    func unlock() {
      withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          os_unfair_lock_unlock(lock)
        #else
          ReleaseSRWLockExclusive(lock)
        #endif
      }
    }

    deinit {
      _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }
  }
#else
  /// The lock of a ``LockedState`` on Linux: test-and-test-and-set over one atomic flag, yielding
  /// the processor while another thread holds it.
  ///
  /// Uncontended, taking it and releasing it are one compare-exchange and one store, inlined into
  /// the caller: `pthread_mutex_lock` and `pthread_mutex_unlock` are two calls that cost several
  /// times as much, which a recorded action pays twice (docs/MEASUREMENTS.md), and code that calls
  /// nothing opaque while it holds a reference need not retain it. Thread Sanitizer sees the
  /// acquire and the release: they are atomics. A thread that finds it held yields until it is
  /// free, which suits the locks this library holds: never while running user code, only while
  /// changing a state.
  ///
  /// It is not re-entrant: a thread that takes it again while holding it would wait for itself
  /// for ever. Debug builds remember the holder, and stop with a message instead.
  @usableFromInline
  final class SpinLock: Sendable {
    @usableFromInline let isLocked = Atomic<Bool>(false)
    #if DEBUG
      /// The thread holding the lock (debug builds only).
      @usableFromInline let holder = Atomic<UInt>(0)
    #endif

    @usableFromInline
    init() {}

    @inlinable @inline(__always)
    func lock() {
      if !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        lockContended()
      }
      #if DEBUG
        holder.store(UInt(pthread_self()), ordering: .relaxed)
      #endif
    }

    @usableFromInline @inline(never)
    func lockContended() {
      #if DEBUG
        precondition(
          holder.load(ordering: .relaxed) != UInt(pthread_self()),
          "A LockedState's lock was taken again by the thread that holds it: code ran under the lock that reached it again (a deinit, or a callback). Release values and call out after unlocking."
        )
      #endif
      repeat {
        while isLocked.load(ordering: .relaxed) { sched_yield() }
      } while !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    @inlinable @inline(__always)
    func unlock() {
      #if DEBUG
        holder.store(0, ordering: .relaxed)
      #endif
      isLocked.store(false, ordering: .releasing)
    }
  }
#endif
