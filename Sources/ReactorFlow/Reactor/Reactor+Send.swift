extension Reactor {
  /// Handles `action` now: every synchronous mutation is reduced, and every observer has seen
  /// it, before this returns. Sent from inside `mutate`, `reduce` or an observer, the action is
  /// queued and handled right after the current one (FIFO), still before the outermost send
  /// returns.
  ///
  /// When a ``JournalRecorder`` records the reactor, the action's entry keeps where it was sent
  /// from: `fileID` and `line`, the call's own unless given (``JournalEntry/callSite``). Nothing
  /// is kept, or even looked at, when the reactor is not recorded.
  ///
  /// - Parameters:
  ///   - action: The action to handle.
  ///   - fileID: The file that sends it, as `#fileID` writes it; the caller's by default.
  ///   - line: The line that sends it; the caller's by default.
  @inlinable @inline(__always)
  public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    store.send(action, to: storeOwner, from: RecordedCallSite(fileID: fileID, line: line))
  }

  /// Handles `action` now, as ``send(_:fileID:line:)`` does: the form a function reference
  /// takes (`let send: (Action) -> Void = reactor.send`), which records no call site.
  @_disfavoredOverload
  @inlinable @inline(__always)
  public func send(_ action: Action) {
    store.send(action, to: storeOwner, from: .unknown)
  }

  /// Handles `action` now, recorded as sent from `callSite`.
  @inlinable @inline(__always)
  func send(_ action: Action, from callSite: RecordedCallSite) {
    store.send(action, to: storeOwner, from: callSite)
  }

  /// Handles `action` now, recorded with no call site: the library's own sends (a binding's, a
  /// replay's), whose file and line would name the library rather than the app.
  @inlinable
  package func sendWithoutCallSite(_ action: Action) {
    store.send(action, to: storeOwner, from: .unknown)
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
    return ActionSender(inbox: store.inbox(for: owner)) { [weak owner] action, callSite in
      guard let owner else {
        ReactorFlowDiagnostics.emit(.actionsAfterRelease(reactor: "\(Self.self)", count: 1))
        return
      }
      // Actions other threads queued before this one come first.
      owner.processPendingActions()
      owner.send(action, from: callSite)
    }
  }

  /// Handles, now, every action sent through ``action`` that is still waiting for the main
  /// actor. Useful in tests and before reading the state after concurrent sends.
  public func processPendingActions() {
    store.drainInbox(storeOwner)
  }
}

extension ReactorStore where R.Action: Sendable {
  func inbox(for reactor: R) -> MainActorInbox<SentAction<R.Action>> {
    if let inbox { return inbox }
    // The drain runs in a task the first waiting sender started (a detached task has none of the
    // task-local values of the code that made this entry point): it binds those captured here.
    let taskLocals = CapturedTaskLocals.capture()
    let created = MainActorInbox<SentAction<R.Action>> { [weak reactor] inbox in
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
    for sent in inbox.takeAll() {
      // Not dispatching, `send` records it itself.
      if let journal = hot.value.journal, hot.value.queue.isDispatching {
        journal.recordAction(sent.action, isDispatching: false, from: sent.callSite)
      }
      send(sent.action, to: reactor, from: sent.callSite)
    }
  }
}
