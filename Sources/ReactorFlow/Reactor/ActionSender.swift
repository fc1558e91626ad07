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
  let inbox: MainActorInbox<Action>

  /// Queues `action` for the reactor. Safe from any thread or task.
  public func accept(_ action: Action) {
    inbox.enqueue(action)
  }

  /// Queues `action` for the reactor (RxSwift's spelling).
  public func onNext(_ action: Action) {
    inbox.enqueue(action)
  }
}
