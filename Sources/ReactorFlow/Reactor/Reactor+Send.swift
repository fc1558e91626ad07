extension Reactor {
  /// Handles `action` now: every synchronous mutation is reduced, and every observer has seen
  /// it, before this returns. Sent from inside `mutate`, `reduce` or an observer, the action is
  /// queued and handled right after the current one (FIFO), still before the outermost send
  /// returns.
  @inlinable @inline(__always)
  public func send(_ action: Action) {
    store.send(action, to: storeOwner)
  }

  /// The state after the last reduced mutation. It is updated before any observer runs, and it
  /// is tracked by Swift's Observation (a SwiftUI view that reads it updates on change).
  @inlinable
  public var currentState: State {
    store.trackedState(storeOwner)
  }
}

extension Reactor where Action: Sendable {
  /// The `Sendable` entry point: sends actions from any thread or task. On the main actor an
  /// action is handled before `accept` returns (as ``send(_:)``); elsewhere it is queued and
  /// handled on the main actor in the order each sender sent it, none lost.
  public var action: ActionSender<Action> {
    let owner = storeOwner
    return ActionSender(inbox: store.inbox(for: owner)) { [weak owner] action in
      guard let owner else {
        ReactorFlowDiagnostics.emit(.actionsAfterRelease(reactor: "\(Self.self)", count: 1))
        return
      }
      // Actions other threads queued before this one come first.
      owner.processPendingActions()
      owner.send(action)
    }
  }

  /// Handles, now, every action sent through ``action`` that is still waiting for the main
  /// actor. Useful in tests and before reading the state after concurrent sends.
  public func processPendingActions() {
    store.drainInbox(storeOwner)
  }
}

extension ReactorStore where R.Action: Sendable {
  func inbox(for reactor: R) -> MainActorInbox<R.Action> {
    if let inbox { return inbox }
    // The drain runs in a task the first waiting sender started (a detached task has none of the
    // task-local values of the code that made this entry point): it binds those captured here.
    let taskLocals = CapturedTaskLocals.capture()
    let created = MainActorInbox<R.Action> { [weak reactor] inbox in
      Task { @MainActor in
        taskLocals.bind {
          if let reactor {
            reactor.processPendingActions()
          } else {
            // Nothing lost when the actions were handled before the reactor went away.
            let lost = inbox.takeAll().count
            guard lost > 0 else { return }
            ReactorFlowDiagnostics.emit(.actionsAfterRelease(reactor: "\(R.self)", count: lost))
          }
        }
      }
    }
    inbox = created
    return created
  }

  /// Sends the actions other threads queued. Each comes from outside the reactor, even when it is
  /// drained while the reactor handles another action (from `mutate`, `reduce` or an observer
  /// that sends through ``Reactor/action`` or calls ``Reactor/processPendingActions()``): it is
  /// then queued behind that action, as its own sends are, but recorded as an input — replaying
  /// the action in progress does not send it again.
  func drainInbox(_ reactor: R) {
    guard let inbox else { return }
    for action in inbox.takeAll() {
      // Not dispatching, `send` records it itself.
      if let journal = hot.value.journal, queue.isDispatching {
        journal.recordAction(action, isDispatching: false)
      }
      send(action, to: reactor)
    }
  }
}
