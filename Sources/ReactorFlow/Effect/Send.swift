/// Sends the elements of an asynchronous effect back to its reactor, to be reduced on the main
/// actor in the order they are sent.
///
/// ```swift
/// let load: Effect<Mutation> = .run { [api] send in
///   await send(.setLoading(true))
///   let items = try await api.fetch()
///   await send(.setItems(items))
/// }
/// ```
public struct Send<Element>: Sendable {
  /// Hands an element on, inside the owner's re-entrancy guard (on the main actor), with the
  /// number of the operation's run: to the runner's emission, or to a stage (a map, a timer, a
  /// flat map) between the operation and it.
  let emit: @MainActor @Sendable (Element, _ run: Int?) -> Void
  /// The operation this `Send` was given to: its status, its owner and its run.
  let operation: any EffectOperationState

  init(
    emit: @escaping @MainActor @Sendable (Element, _ run: Int?) -> Void, operation: any EffectOperationState
  ) {
    self.emit = emit
    self.operation = operation
  }

  /// A `Send` for an inner stream whose elements go through `transform` (on the main actor,
  /// inside the guard) before this one hands them on; `nil` drops one.
  func pullback<Source>(_ transform: EffectTransform<Source, Element>) -> Send<Source> {
    Send<Source>(
      emit: { [emit] source, run in
        if let element = transform.apply(source) { emit(element, run) }
      }, operation: operation)
  }

  /// This `Send`, its elements handed to `emit` instead (a stage that holds them: a timer, a
  /// flat map's inner effects).
  func redirect<Other>(_ emit: @escaping @MainActor @Sendable (Other, _ run: Int?) -> Void) -> Send<Other> {
    Send<Other>(emit: emit, operation: operation)
  }
}

extension Send {
  /// Reduces `element` on the main actor and returns once it has been reduced and observed.
  ///
  /// Once the operation is cancelled (by id, by `cancelInFlight`, or because the reactor was
  /// released) its elements are discarded: a cancelled request never overwrites a newer one.
  ///
  /// Once the operation has returned (or thrown), its `send` is over too: an element sent later —
  /// from a task the operation started and did not await, or through a `send` kept for later —
  /// is dropped and reported as ``ReactorDiagnostic/sendAfterOperationEnded(owner:)`` (what
  /// followed the operation in its effect may already have run). Await such work inside the
  /// operation.
  ///
  /// Main-actor isolated: from the operation of a `.run` effect (which runs on the main actor)
  /// sending does not switch threads; from elsewhere it hops to the main actor.
  @MainActor
  public func callAsFunction(_ element: Element) async {
    // Checked on the main actor, so that a cancellation that raced the hop still wins.
    guard !Task.isCancelled else { return }
    operation.enter { run in emit(element, run) }
  }
}
