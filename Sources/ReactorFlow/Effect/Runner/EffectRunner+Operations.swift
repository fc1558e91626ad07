extension EffectRunner {
  // MARK: - Operations: each in a task recorded in the registry; the walk goes on when it
  // returns, or at once when it is cancelled on the main actor.

  /// Starts `operation`, part of `run`; `walker` goes on after it (`nil`: a lone operation, after
  /// which nothing does).
  func wait(
    for operation: EffectOperation<Element>, _ walker: EffectWalker<Element>?, in run: EffectRun,
    join: EffectJoin<Element>?
  ) {
    let scopes = walker?.scopes ?? [run.scope]
    let owner = self.owner
    let ownerType: (any EffectOwner.Type)? = if let owner { type(of: owner) } else { nil }
    let running = RunningOperation(
      runner: self, owner: ownerType, walker: walker, run: run, join: join,
      token: tasks.withLock { $0.reserve() })
    if owner?.substitutesEffects == true {
      substitute(running, inside: scopes)
      return
    }
    let started = operation.start()
    let send = Send<Element>(emit: emit, operation: running)
    started.connect?(send)
    let task = Self.spawn(started, send: send) { failure in running.end(failure) }
    let cancel: @Sendable () -> Void = { [discard = started.discard] in
      running.cancel(task, discard: discard)
    }
    let role: TaskRegistry.Role = started.waitsForTimers ? .waitingForTimers : .work
    let isLongLived = self.isLongLived
    if !tasks.withLock({
      $0.insert(
        cancel, token: running.token, scopes: scopes, isLongLived: isLongLived, role: role)
    }) {
      running.stop(task, discard: started.discard)
    }
  }

  /// A substituted operation (a replay): not started — nothing it calls runs, no task, no clock —
  /// and the walk stops here: what it would deliver, and whatever follows it, the replay
  /// delivers. Except where the recording went on with the walk without it: an operation that an
  /// id can cancel, with something after it, waits in the registry (never counted as work in
  /// flight), so that `.cancel(id:)` or `cancelInFlight` goes on with the walk at once, inside
  /// the cancelling action, as it did when the operation was cancelled there.
  private func substitute(_ running: RunningOperation<Element>, inside scopes: [EffectScope]) {
    guard !running.isLast, tasks.withLock({ $0.isNamed(any: scopes) }) else { return }
    let tasks = self.tasks
    let token = running.token
    let cancel: @Sendable () -> Void = {
      running.cancel(nil, discard: nil)
      for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
    }
    if !tasks.withLock({
      $0.insert(cancel, token: token, scopes: scopes, isLongLived: true, role: .work)
    }) {
      running.stop(nil, discard: nil)
    }
  }

  /// Runs a started operation in a task of its own, on the main actor (it inherits the caller's
  /// task-local values, such as the diagnostics handler), then `end` with its error — there, with
  /// no thread switch: what the operation awaits runs where that function is isolated.
  private static func spawn(
    _ started: StartedOperation<Element>, send: Send<Element>,
    then end: @escaping @MainActor @Sendable ((any Error)?) -> Void
  ) -> Task<Void, Never> {
    Task { @MainActor in
      var failure: (any Error)?
      do {
        try await started.run(send)
      } catch {
        // Cancellation ends the operation; it is not a failure, whatever error the cancelled
        // work threw (many APIs answer cancellation with an error of their own).
        if !(error is CancellationError), !Task.isCancelled { failure = error }
      }
      end(failure)
    }
  }

  /// What an attachment of `run`'s walk inside `scopes` works with; what it hands on at once is
  /// an output of run `output` (see ``proceed(_:in:join:asOutputOf:onFinish:)``).
  func outlet(
    inside scopes: [EffectScope], for run: EffectRun, asOutputOf output: Int?
  ) -> EffectOutlet<Element> {
    let tasks = self.tasks
    let context = EffectRunContext(tasks: tasks, owner: owner, scopes: scopes, number: run.number)
    return EffectOutlet(
      emit: emit, output: output,
      startTimer: { timer, fire in
        // Substituted: no timer runs (the element it holds back is what a replay delivers).
        if context.owner?.substitutesEffects == true { return {} }
        return Self.startTimer(timer, fire, inside: scopes, tasks: tasks)
      },
      context: context)
  }
}

/// An operation in flight: the state its `Send` checks, its place in the owner's task registry,
/// and the walk that goes on after it — as it returns, or at once when it is cancelled on the
/// main actor (RxSwift's `take(until:)`).
@MainActor
final class RunningOperation<Element>: EffectOperationState {
  /// Its status: set when the operation is cancelled or has returned, after which its elements
  /// are dropped, whichever task sends them (a task the operation started is not cancelled with
  /// it) — a cancelled one silently, one that ended with a diagnostic (a `send` that escaped it).
  /// The stages (element-wise, timers, flat maps) keep the operation in their `Send`s. Under the
  /// registry's lock (never taken while that lock is held: the registry hands out its cancels to
  /// be called after unlocking), so that an operation adds no lock of its own.
  nonisolated let status: LockedState<OperationStatus>
  nonisolated let token: Int
  nonisolated let tasks: LockedState<TaskRegistry>
  private let runner: EffectRunner<Element>
  /// The owner's type, which names it in the diagnostic of a `send` called after the operation
  /// ended — kept, as the owner may be gone by then (`nil`: it was gone when the operation
  /// started).
  private let ownerType: (any EffectOwner.Type)?
  /// The walk after the operation; `nil` for a lone operation.
  private let walker: EffectWalker<Element>?
  private let run: EffectRun
  private let join: EffectJoin<Element>?
  /// Whether anything follows the operation in its run: when nothing does, its end only closes
  /// the run's scope (and reports its failure).
  let isLast: Bool

  init(
    runner: EffectRunner<Element>, owner ownerType: (any EffectOwner.Type)?,
    walker: EffectWalker<Element>?, run: EffectRun, join: EffectJoin<Element>?, token: Int
  ) {
    self.token = token
    tasks = runner.tasks
    status = LockedState(OperationStatus(), sharingLockWith: runner.tasks)
    self.runner = runner
    self.ownerType = ownerType
    self.walker = walker
    self.run = run
    self.join = join
    isLast = (walker?.isFinished ?? true) && join == nil && run.live == 1 && run.onFinish == nil
  }

  func enter(_ body: (_ run: Int?) -> Void) {
    switch status.withLock({ $0.phase }) {
    case .running: runner.owner?.enter { body(run.number) }
    case .cancelled: return
    case .ended:
      ReactorFlowDiagnostics.emit(
        .sendAfterOperationEnded(owner: ownerType?.effectOwnerName ?? "An effect"))
    }
  }

  /// Runs `body` — the walk after the operation — inside the owner's guard, whatever the
  /// operation's status; dropped once the owner is gone.
  private func resume(_ body: () -> Void) {
    runner.owner?.enter(body)
  }

  /// The operation returned or threw (its task, on the main actor): the walk goes on, unless it
  /// already did when the operation was cancelled; the registry forgets the task.
  func end(_ failure: (any Error)?) {
    guard status.withLock({ $0.end() }) else {
      // The walk went on when the operation was cancelled: only the registry hears of its end.
      for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
      return
    }
    if isLast {
      if let failure { resume { runner.fail(failure, in: run) } }
      let (ids, due) = tasks.withLock { registry in
        (registry.close([run.scope]), registry.remove(token))
      }
      for waiter in due { waiter.resume() }
      // The ids the scope drops go here, after unlocking (see `TaskRegistry.close(_:)`).
      _ = consume ids
      return
    }
    resume {
      if let failure { runner.fail(failure, in: run) }
      if let walker { runner.proceed(walker, in: run, join: join, asOutputOf: run.number) }
    }
    for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
  }

  /// Cancels the operation (by id, by `cancelInFlight`, by a failure of its run, with its owner;
  /// from any thread). On the main actor its part ends now, however long its task takes to
  /// return; elsewhere (the owner's release) nothing is left to go on with.
  /// (`task` is `nil` for a substituted operation, which has none.)
  nonisolated func cancel(_ task: Task<Void, Never>?, discard: (@Sendable () -> Void)?) {
    stop(task, discard: discard)
    guard isOnMainActor() else { return }
    MainActor.assumeIsolated {
      guard !isLast, let walker, status.withLock({ $0.pass() }) else { return }
      resume { runner.proceed(walker, in: run, join: join, asOutputOf: run.number) }
    }
  }

  /// Marks the operation cancelled and cancels its task (and lets go of what its start holds).
  nonisolated func stop(_ task: Task<Void, Never>?, discard: (@Sendable () -> Void)?) {
    status.withLock { $0.phase = .cancelled }
    task?.cancel()
    discard?()
  }
}
