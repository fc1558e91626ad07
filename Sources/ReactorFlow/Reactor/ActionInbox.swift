/// Actions sent from other threads or tasks, waiting for the main actor.
///
/// The state machine decides when a drain must be scheduled: once per batch, so a burst of sends
/// costs one hop to the main actor. A single buffer keeps each sender's order.
struct ActionInboxStateMachine<Action> {
  private var buffer: [Action] = []
  private var isDrainScheduled = false

  /// Queues `action`; `true` when the caller must schedule a drain.
  mutating func enqueue(_ action: Action) -> Bool {
    buffer.append(action)
    if isDrainScheduled { return false }
    isDrainScheduled = true
    return true
  }

  /// Takes every queued action into `drained` (empty on entry) by swapping buffers, so that a
  /// warm inbox drains without allocating.
  mutating func takeAll(into drained: inout [Action]) {
    isDrainScheduled = false
    swap(&buffer, &drained)
  }
}

/// The lock-holding storage of the inbox, shared by every ``ActionSender`` of one reactor.
final class ActionInbox<Action> {
  private let machine = LockedState(ActionInboxStateMachine<Action>())
  private let scheduleDrain: @Sendable (ActionInbox) -> Void

  init(scheduleDrain: @escaping @Sendable (ActionInbox) -> Void) {
    self.scheduleDrain = scheduleDrain
  }

  func enqueue(_ action: Action) {
    if machine.withLock({ $0.enqueue(action) }) { scheduleDrain(self) }
  }

  func takeAll() -> [Action] {
    var drained: [Action] = []
    takeAll(into: &drained)
    return drained
  }

  func takeAll(into drained: inout [Action]) {
    machine.withLock { $0.takeAll(into: &drained) }
  }
}

// Shared across threads only where its actions may cross them.
extension ActionInbox: @unchecked Sendable where Action: Sendable {}

/// The `Sendable` way in to a reactor: sends actions from any thread or task.
///
/// Actions are queued and handled on the main actor in the order each sender sent them; none is
/// lost. ReactorKit's `reactor.action.onNext(…)` becomes `reactor.action.accept(…)`.
///
/// ```swift
/// let action = reactor.action
/// Task.detached { action.accept(.refresh) }
/// ```
public struct ActionSender<Action: Sendable>: Sendable {
  let inbox: ActionInbox<Action>

  /// Queues `action` for the reactor. Safe from any thread or task.
  public func accept(_ action: Action) {
    inbox.enqueue(action)
  }

  /// Queues `action` for the reactor (RxSwift's spelling).
  public func onNext(_ action: Action) {
    inbox.enqueue(action)
  }
}
