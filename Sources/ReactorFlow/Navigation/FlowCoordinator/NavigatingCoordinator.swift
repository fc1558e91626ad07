/// The coordinator whose flow is in `navigate(to:)` right now (for `Flows.use(…, when: .ready)`
/// and the diagnostics of `Flows`), visible to the code that flow calls, and only while it runs.
///
/// The reference is set only while ``with(_:_:)`` (or ``with(_:in:_:)``) runs and the previous
/// value is restored on the way out, so it never keeps a coordinator alive past the call that
/// handles a step. For a step, the slot holds the flow's node rather than its coordinator: a
/// coordinator is weakly referenced (by its routes), which makes each retain and release of it
/// the runtime's slow path; a node is not.
@MainActor
enum NavigatingCoordinator {
  /// Who navigates: a coordinator, or the node of the flow it is handling a step for.
  enum Navigator {
    case coordinator(FlowCoordinator)
    case node(FlowNode)
  }

  /// Main actor only (see ``MainActorCell``); no access spans a call. A coordinator keeps a
  /// reference to it and hands it to ``with(_:in:_:)`` (a static whose value is an object is
  /// made on first use, and each read of it checks that it was).
  static let current = MainActorCell<Navigator?>(nil)

  /// The coordinator of the innermost scope running now, if any.
  static var value: FlowCoordinator? {
    switch current.value {
    case .coordinator(let coordinator): coordinator
    case .node(let node): node.coordinator
    case nil: nil
    }
  }

  /// Runs `body` with ``value`` set to `coordinator`, then restores the previous value.
  static func with<Result>(_ coordinator: FlowCoordinator, _ body: () throws -> Result) rethrows -> Result {
    let previous = current.value
    current.value = .coordinator(coordinator)
    defer { current.value = previous }
    return try body()
  }

  /// Runs `body` — `node`'s flow navigating — with ``value`` set to the node's coordinator, then
  /// restores the previous value; `current` is ``current``, as the coordinator keeps it.
  @inline(__always)
  static func with<Result>(
    _ node: FlowNode, in current: MainActorCell<Navigator?>, _ body: () -> Result
  ) -> Result {
    let previous = current.value
    current.value = .node(node)
    let result = body()
    current.value = previous
    return result
  }
}
