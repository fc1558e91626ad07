#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The main thread, recorded the first time a reactor starts (always on the main actor).
private let mainThread = LockedState<pthread_t?>(nil)

/// Records the calling thread as the main thread. Called from main-actor code only.
@MainActor
func recordMainThread() {
  mainThread.withLock { thread in
    if thread == nil { thread = pthread_self() }
  }
}

/// Whether the caller runs on the thread of the main actor.
///
/// Used to dispose main-actor subscriptions at once when a bag is emptied on the main thread, and
/// to defer the removal to the main actor otherwise.
func isOnMainThread() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    guard let main = mainThread.withLock({ $0 }) else { return false }
    return pthread_equal(main, pthread_self()) != 0
  #endif
}

/// Runs `body` on the main actor: at once when already on the main thread, else in a new task.
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if isOnMainThread() {
    // Already on the main actor's thread (checked above): call it without a second check of
    // the executor, which `MainActor.assumeIsolated` would make on every step.
    let call = unsafeBitCast(body, to: (@Sendable () -> Void).self)
    call()
  } else {
    Task { @MainActor in body() }
  }
}
