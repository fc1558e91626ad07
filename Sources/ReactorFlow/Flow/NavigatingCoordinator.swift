/// The coordinator whose flow is in `navigate(to:)` right now (for `Flows.use(…, when: .ready)`
/// and the diagnostics of `Flows`), visible to the code that flow calls, and only while it runs.
///
/// The reference is set only while ``with(_:_:)`` runs and the previous value is restored on the
/// way out, so it never keeps a coordinator alive past the call that handles a step.
@MainActor
enum NavigatingCoordinator {
  /// Main actor only (see ``MainActorCell``); no access spans a call.
  private static let current = MainActorCell<FlowCoordinator?>(nil)

  /// The coordinator of the innermost ``with(_:_:)`` running now, if any.
  static var value: FlowCoordinator? { current.value }

  /// Runs `body` with ``value`` set to `coordinator`, then restores the previous value.
  @inline(__always)
  static func with<Result>(_ coordinator: FlowCoordinator, _ body: () throws -> Result) rethrows -> Result {
    let current = self.current
    let previous = current.value
    current.value = coordinator
    defer { current.value = previous }
    return try body()
  }
}
