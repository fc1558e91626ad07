/// An asynchronous part of an ``Effect``.
///
/// `start` runs synchronously, on the main actor, when the walk reaches the operation (a
/// sequence subscribes there); the work it returns then runs in a task.
@usableFromInline
struct EffectOperation<Element> {
  let start: @MainActor () -> StartedOperation<Element>
}

/// An operation whose synchronous start has run: the work left for the task, and how to let go
/// of what the start holds (a subscription) if the task is cancelled before it runs.
struct StartedOperation<Element>: Sendable {
  let run: @MainActor @Sendable (Send<Element>) async throws -> Void
  var discard: (@Sendable () -> Void)? = nil
  /// Hands the operation its `Send` on the main actor as the walk reaches it, before its task
  /// runs: a relay delivers through it synchronously (see ``RelayFeed``).
  var connect: (@MainActor @Sendable (Send<Element>) -> Void)? = nil
  /// Whether it only waits for timers of its own run to fire (a delay's end): it ends when they
  /// do, so the testing tools count it with them.
  var waitsForTimers = false
}

extension EffectOperation {
  /// This operation, its elements handed to the `Send` that `adapt` makes of the outer one (a
  /// stage's transform or timer in between).
  func redirect<Outer>(
    _ adapt: @escaping @Sendable (Send<Outer>) -> Send<Element>
  ) -> EffectOperation<Outer> {
    let start = self.start
    return EffectOperation<Outer> {
      let started = start()
      let connect = started.connect.map { inner in
        { @MainActor @Sendable (send: Send<Outer>) in inner(adapt(send)) }
      }
      return StartedOperation<Outer>(
        run: { send in try await started.run(adapt(send)) }, discard: started.discard,
        connect: connect, waitsForTimers: started.waitsForTimers)
    }
  }
}

/// What an operation's ``Send`` (and every stage's `Send` made from it) checks before it hands an
/// element on: the operation in flight (``RunningOperation``).
protocol EffectOperationState: AnyObject, Sendable {
  /// Runs `body` inside the owner's guard, as a part of the operation's run — unless the
  /// operation was cancelled (dropped silently: a cancelled request never overwrites a newer one)
  /// or has ended (dropped with a diagnostic: a `send` escaped it).
  @MainActor func enter(_ body: () -> Void)
}

/// Where an operation is, for the `Send` it was given and for the walk that waits for it.
struct OperationStatus {
  enum Phase {
    case running
    /// Cancelled (by id, by its run's failure, with its owner): later sends are dropped silently.
    case cancelled
    /// Returned or threw: a later send escaped it, and is dropped with a diagnostic.
    case ended
  }

  var phase = Phase.running
  /// Whether the walk went past the operation: once, as it was cancelled or as it ended.
  private var isPassed = false

  /// Marks the walk as gone past the operation; `false` when it already was.
  mutating func pass() -> Bool {
    defer { isPassed = true }
    return !isPassed
  }

  /// The operation returned or threw: whether the walk goes on now (it was not cancelled first).
  mutating func end() -> Bool {
    if phase == .running { phase = .ended }
    return pass()
  }
}
