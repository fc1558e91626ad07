/// What a reactor reports on ``ReactorFlowDiagnostics`` instead of crashing or losing work
/// silently: what happened, and how to fix it.
///
/// Tests match a case rather than a substring: `withDiagnostics` (ReactorFlowTesting) returns
/// the diagnostics reported, which compare with
/// ``ReactorFlowDiagnostics/Diagnostic/reactor(_:)``.
public enum ReactorDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// An asynchronous mutation stream threw and nothing observed the error.
  case unobservedError(reactor: String, error: String)
  /// `transform(action:)` returned a stream without its `action` argument.
  case transformDroppedActions(reactor: String)
  /// `transform(mutation:)` returned a stream without its `mutation` argument.
  case transformDroppedMutations(reactor: String)
  /// Actions sent through `reactor.action` arrived after the reactor was released.
  case actionsAfterRelease(reactor: String, count: Int)
  /// The reactor's `store` returns a new store on each read.
  case storeNotStored(reactor: String)
  /// The `send` of a `.run` operation was called after the operation had returned (from a task
  /// it started and did not await, or a stored `send`): the element was dropped. `owner` is the
  /// reactor (or the flow's `adapt(step:)`) whose effect it was.
  case sendAfterOperationEnded(owner: String)

  /// The text reported: what happened and how to fix it.
  public var message: String {
    switch self {
    case .unobservedError(let reactor, let error):
      return """
        \(reactor): a mutation stream failed with \(error). The mutations before the error were \
        kept and the reactor goes on, but nothing observed the error. To handle it, observe \
        `reactor.errors` or implement `recover(from:)`.
        """
    case .transformDroppedActions(let reactor):
      return """
        \(reactor).transform(action:) returned a stream without its `action` argument. Actions \
        sent to the reactor are still handled. To merge other actions, return \
        `.merge(action, other)`.
        """
    case .transformDroppedMutations(let reactor):
      return """
        \(reactor).transform(mutation:) returned a stream without its `mutation` argument. The \
        mutations from mutate(action:) are still reduced. To merge other mutations, return \
        `.merge(mutation, other)`.
        """
    case .actionsAfterRelease(let reactor, let count):
      return """
        \(reactor) was released before it could handle \(count) action(s) sent through \
        `reactor.action`; they were dropped. Keep the reactor alive (its view or flow owns \
        it) while senders may still send.
        """
    case .storeNotStored(let reactor):
      return """
        \(reactor).store returns a new ReactorStore each time it is read (a computed property?), \
        so every state change is lost. Declare it as a stored property: \
        `let store = ReactorStore<\(reactor)>()`.
        """
    case .sendAfterOperationEnded(let owner):
      return """
        \(owner): an element was sent through the `send` of a `.run` operation that had already \
        returned; it was dropped (what followed the operation in its effect may already have \
        run). Await the work that sends before the operation returns (`for await`, \
        `withTaskGroup`, `async let`) rather than sending from a task it started or from a \
        `send` stored for later.
        """
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}

extension ReactorFlowDiagnostics {
  /// Reports a reactor's diagnostic.
  static func emit(_ diagnostic: ReactorDiagnostic) {
    emit(Diagnostic(diagnostic))
  }
}
