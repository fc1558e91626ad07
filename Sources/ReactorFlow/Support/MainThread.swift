import Dispatch

/// A key set on the main dispatch queue only: `DispatchQueue.getSpecific(key:)` finds it exactly
/// when the caller runs on that queue (or on a queue that targets it).
private struct MainQueueKey: @unchecked Sendable {
  // Never mutated after it is made; Apple's Dispatch does not declare the key `Sendable`.
  let key = DispatchSpecificKey<Void>()

  static let shared: MainQueueKey = {
    let made = MainQueueKey()
    DispatchQueue.main.setSpecific(key: made.key, value: ())
    return made
  }()
}

/// Whether the caller runs on the main actor now.
///
/// The main actor's executor is the main dispatch queue, so the question is asked of Dispatch,
/// with public API that every supported OS has. Thread identity would not do: on Linux, once the
/// main thread parks in `dispatchMain()`, worker threads drain the main queue; and libdispatch
/// makes the main queue the current queue of the main thread itself, so code UIKit calls on the
/// main thread outside of any queue (a run-loop callback) is on it too.
func isOnMainActor() -> Bool {
  DispatchQueue.getSpecific(key: MainQueueKey.shared.key) != nil
}

/// Runs `body` on the main actor: at once when already on it, else in a new task. Shared with the
/// UIKit adapter (package access).
package func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if isOnMainActor() {
    MainActor.assumeIsolated(body)
  } else {
    Task { @MainActor in body() }
  }
}
