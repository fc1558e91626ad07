/// An asynchronous part of an ``Effect``: its work, and what it does synchronously, on the main
/// actor, when the walk reaches it (a sequence subscribes there) before the work runs in a task.
@usableFromInline
enum EffectOperation<Element> {
  /// Work with nothing to do before its task runs (`.run`, the end of a delay or a flat map).
  /// Boxed, so that every ``Effect`` stays as small as with a closure here: a larger one costs
  /// each synchronous action its copies (docs/MEASUREMENTS.md).
  indirect case ready(StartedOperation<Element>)
  /// Work whose start runs as the walk reaches it, and returns the work left for the task.
  case starting(@MainActor () -> StartedOperation<Element>)

  /// Runs the start, if the operation has one; the work left for the task.
  @MainActor func start() -> StartedOperation<Element> {
    switch self {
    case .ready(let started): started
    case .starting(let start): start()
    }
  }
}

/// An operation whose synchronous start has run: the work left for the task, and how to let go
/// of what the start holds (a subscription) if the task is cancelled before it runs.
@usableFromInline
struct StartedOperation<Element>: Sendable {
  let run: @MainActor @Sendable (Send<Element>) async throws -> Void
  let discard: (@Sendable () -> Void)?
  /// Hands the operation its `Send` on the main actor as the walk reaches it, before its task
  /// runs: a relay delivers through it synchronously (see ``RelayFeed``).
  let connect: (@MainActor @Sendable (Send<Element>) -> Void)?
  /// Whether it only waits for timers of its own run to fire (a delay's end): it ends when they
  /// do, so the testing tools count it with them.
  let waitsForTimers: Bool

  /// This work, its elements handed to the `Send` that `adapt` makes of the outer one.
  func redirect<Outer>(_ adapt: @escaping @Sendable (Send<Outer>) -> Send<Element>) -> StartedOperation<Outer>
  {
    let run = self.run
    let connect = self.connect.map { inner in
      { @MainActor @Sendable (send: Send<Outer>) in inner(adapt(send)) }
    }
    return StartedOperation<Outer>(
      run: { send in try await run(adapt(send)) }, discard: discard, connect: connect,
      waitsForTimers: waitsForTimers)
  }
}

extension EffectOperation {
  /// This operation, its elements handed to the `Send` that `adapt` makes of the outer one (a
  /// stage's transform or timer in between).
  func redirect<Outer>(
    _ adapt: @escaping @Sendable (Send<Outer>) -> Send<Element>
  ) -> EffectOperation<Outer> {
    switch self {
    case .ready(let started):
      .ready(started.redirect(adapt))
    case .starting(let start):
      .starting { start().redirect(adapt) }
    }
  }
}

/// What an operation's ``Send`` (and every stage's `Send` made from it) checks before it hands an
/// element on: the operation in flight (``RunningOperation``).
protocol EffectOperationState: AnyObject, Sendable {
  /// Runs `body` inside the owner's guard with the number of the operation's run (what it hands
  /// on is that run's output) — unless the operation was cancelled (dropped silently: a cancelled
  /// request never overwrites a newer one) or has ended (dropped with a diagnostic: a `send`
  /// escaped it).
  @MainActor func enter(_ body: (_ run: Int?) -> Void)
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
