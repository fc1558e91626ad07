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

/// One operation's status, its owner and the run it belongs to: what its ``Send`` checks before
/// it hands an element to the owner, whichever task sends.
final class EffectOperationState: Sendable {
  /// Running, cancelled or ended; locked: the owner's release cancels from any thread.
  let status = LockedState(OperationStatus())
  weak let owner: (any EffectOwner)?
  /// The run's number among its owner's (``EffectOwner/numberRun()``).
  let run: Int?

  init(owner: (any EffectOwner)?, run: Int?) {
    self.owner = owner
    self.run = run
  }

  /// Runs `body` — the walk after the operation — inside the owner's guard, as a part of the
  /// operation's run, whatever its status; dropped once the owner is gone.
  @MainActor
  func resume(_ body: () -> Void) {
    owner?.enter(run: run, body)
  }

  /// Runs `body` inside the owner's guard, as a part of the operation's run — unless the
  /// operation was cancelled (dropped silently: a cancelled request never overwrites a newer one)
  /// or has ended (dropped with a diagnostic: a `send` escaped it).
  @MainActor
  func enter(_ body: () -> Void) {
    switch status.withLock({ $0.phase }) {
    case .running: owner?.enter(run: run, body)
    case .cancelled: return
    case .ended:
      ReactorFlowDiagnostics.emit(
        .sendAfterOperationEnded(owner: owner?.effectOwnerName ?? "An effect"))
    }
  }
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
