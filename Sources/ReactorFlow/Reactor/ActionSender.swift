/// The `Sendable` way in to a reactor: sends actions from any thread or task.
///
/// On the main actor, ``accept(_:)`` behaves exactly as ``Reactor/send(_:)`` — the action is
/// handled before it returns, as ReactorKit's `reactor.action.onNext(…)` on the main thread — so
/// `action.accept(a); reactor.send(b)` handles `a`, then `b`. Off the main actor, actions are
/// queued and handled on the main actor in the order each sender sent them; none is lost.
///
/// ```swift
/// let action = reactor.action
/// Task.detached { action.accept(.refresh) }
/// ```
public struct ActionSender<Action: Sendable>: Sendable {
  let inbox: MainActorInbox<Action>
  /// Handles an action on the main actor now (after the actions still queued in ``inbox``).
  let sendNow: @MainActor @Sendable (Action) -> Void

  /// Sends `action` to the reactor: handled before this returns on the main actor, queued for
  /// the main actor anywhere else. Safe from any thread or task.
  public func accept(_ action: Action) {
    if isOnMainActor() {
      MainActor.assumeIsolated { sendNow(action) }
    } else {
      inbox.enqueue(action)
    }
  }

  /// Sends `action` to the reactor, as ``accept(_:)`` does (RxSwift's spelling).
  public func onNext(_ action: Action) {
    accept(action)
  }
}
