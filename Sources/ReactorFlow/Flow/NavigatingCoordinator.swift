/// The coordinator whose flow is in `navigate(to:)` right now (for `Flows.use(…, when: .ready)`
/// and the diagnostics of `Flows`), visible to the code that flow calls, and only while it runs —
/// without retaining it (a retain and release of a weakly referenced object is a slow path of
/// the runtime, and this is set on every step a coordinator handles).
///
/// Sound by construction: the reference is stored only while ``with(_:_:)`` runs — the coordinator is
/// its argument, which the caller keeps alive until the call returns — and the previous value is
/// restored on the way out, so a reference read from ``value`` is always to a live object. This
/// is one of the few unretained references in the library (with the observer list's slots and
/// the window's held transitions), each confined to a small type.
@MainActor
enum NavigatingCoordinator {
  // Main actor only, and no access spans a call; a plain static (initialized statically: no
  // lazy-initialization check on each access).
  @exclusivity(unchecked) private static var current: Unmanaged<FlowCoordinator>?

  /// The coordinator of the innermost ``with(_:_:)`` running now, if any.
  static var value: FlowCoordinator? { current?.takeUnretainedValue() }

  /// Runs `body` with ``value`` set to `coordinator`, then restores the previous value.
  @inline(__always)
  static func with<Result>(_ coordinator: FlowCoordinator, _ body: () throws -> Result) rethrows -> Result {
    let previous = current
    current = .passUnretained(coordinator)
    defer { current = previous }
    // (Not `withExtendedLifetime(coordinator) { … }`: the argument lives until the call returns
    // anyway, and Swift checks the executor on entry to a main-actor closure handed to it.)
    return try body()
  }
}
