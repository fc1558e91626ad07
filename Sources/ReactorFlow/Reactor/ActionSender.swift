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
  let inbox: MainActorInbox<SentAction<Action>>
  /// Handles an action on the main actor now (after the actions still queued in ``inbox``).
  let sendNow: @MainActor @Sendable (Action, RecordedCallSite) -> Void

  /// Sends `action` to the reactor: handled before this returns on the main actor, queued for
  /// the main actor anywhere else. Safe from any thread or task.
  ///
  /// When a ``JournalRecorder`` records the reactor, the action's entry keeps `fileID` and
  /// `line`: by default, this call's (``JournalEntry/callSite``).
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - fileID: The file that sends it, as `#fileID` writes it; the caller's by default.
  ///   - line: The line that sends it; the caller's by default.
  public func accept(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    send(action, from: RecordedCallSite(fileID: fileID, line: line))
  }

  /// Sends `action` to the reactor, as ``accept(_:fileID:line:)`` does: the form a function
  /// reference takes (`let accept: (Action) -> Void = sender.accept`), which records no call site.
  @_disfavoredOverload
  public func accept(_ action: Action) {
    send(action, from: .unknown)
  }

  /// Sends `action` to the reactor, as ``accept(_:fileID:line:)`` does (RxSwift's spelling).
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - fileID: The file that sends it, as `#fileID` writes it; the caller's by default.
  ///   - line: The line that sends it; the caller's by default.
  public func onNext(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    send(action, from: RecordedCallSite(fileID: fileID, line: line))
  }

  /// Sends `action` to the reactor, as ``onNext(_:fileID:line:)`` does: the form a function
  /// reference takes, which records no call site.
  @_disfavoredOverload
  public func onNext(_ action: Action) {
    send(action, from: .unknown)
  }

  private func send(_ action: Action, from callSite: RecordedCallSite) {
    if isOnMainActor() {
      MainActor.assumeIsolated { sendNow(action, callSite) }
    } else {
      inbox.enqueue(SentAction(action: action, callSite: callSite))
    }
  }
}

/// An action sent through an ``ActionSender`` from another thread, waiting for the main actor
/// with where it was sent from.
struct SentAction<Action> {
  let action: Action
  let callSite: RecordedCallSite
}

extension SentAction: Sendable where Action: Sendable {}
