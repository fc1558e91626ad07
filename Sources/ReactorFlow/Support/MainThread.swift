#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The runtime's own test of "is this code running on that executor now" — the check behind
/// `MainActor.assumeIsolated` and `Task.immediate`, called with no flags so that it answers
/// instead of trapping. Looked up once; the standard library does not export it publicly.
private let isCurrentExecutor: (@convention(c) (UInt, UInt, UInt64) -> Bool)? = {
  #if canImport(Darwin)
    let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  guard let symbol = dlsym(handle, "swift_task_isCurrentExecutorWithFlags") else { return nil }
  return unsafeBitCast(symbol, to: (@convention(c) (UInt, UInt, UInt64) -> Bool).self)
}()

/// Whether the caller runs on the main actor now.
///
/// Thread identity is not enough: on Linux, once the main thread parks in `dispatchMain()`, the
/// main queue is drained by worker threads. The runtime is asked instead; if it cannot be asked,
/// the answer is "no" and callers take the always-correct asynchronous path.
func isOnMainActor() -> Bool {
  guard let isCurrentExecutor else { return false }
  // An executor reference is two words: its identity and its implementation.
  let (identity, implementation) = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UInt, UInt).self)
  return isCurrentExecutor(identity, implementation, 0)
}

/// Runs `body` on the main actor: at once when already on it, else in a new task. Shared with the
/// UIKit adapter (package access).
package func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if isOnMainActor() {
    // Checked above: call it without the second check `MainActor.assumeIsolated` would make.
    let call = unsafeBitCast(body, to: (@Sendable () -> Void).self)
    call()
  } else {
    Task { @MainActor in body() }
  }
}
