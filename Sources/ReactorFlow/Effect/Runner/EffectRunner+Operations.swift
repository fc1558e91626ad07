extension EffectRunner {
  // MARK: - Operations: each in a task recorded in the registry; the walk goes on when it
  // returns, or at once when it is cancelled on the main actor.

  func wait(
    for operation: EffectOperation<Element>, _ walker: EffectWalker<Element>, in run: EffectRun,
    join: EffectJoin<Element>?
  ) {
    // Substituted: the operation is not started (nothing it calls runs, no task, no clock), and
    // the walk stops here — what it would deliver, and whatever follows it, a replay delivers.
    if owner?.substitutesEffects == true { return }
    // Its status is set when the operation is cancelled or has returned: its elements are
    // dropped then, whichever task sends them (a task the operation started is not cancelled
    // with it) — a cancelled one silently, one that ended with a diagnostic (a `send` that
    // escaped it). The stages (element-wise, timers, flat maps) keep the `Send`'s state.
    let state = EffectOperationState(owner: owner, run: run.number)
    let started = operation.start()
    let tasks = self.tasks
    let token = tasks.withLock { $0.reserve() }
    let end: @MainActor @Sendable ((any Error)?) -> Void
    // The walk after the operation, when something follows it: run as it ends, or at once when
    // it is cancelled on the main actor.
    var goOn: (@MainActor @Sendable () -> Void)?
    if walker.isFinished, join == nil, run.live == 1, run.onFinish == nil {
      // Nothing follows the operation in its run: unless it failed, only the registry needs to
      // hear that it ended.
      let scope = run.scope
      end = { [self] failure in
        if let failure { state.resume { self.fail(failure, in: run) } }
        let (ids, due) = tasks.withLock { registry in
          (registry.close([scope]), registry.remove(token))
        }
        for waiter in due { waiter.resume() }
        _ = consume ids
      }
    } else {
      end = { [self] failure in
        state.resume {
          if let failure { self.fail(failure, in: run) }
          self.proceed(walker, in: run, join: join)
        }
        for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
      }
      goOn = { [self] in state.resume { self.proceed(walker, in: run, join: join) } }
    }
    let status = state.status
    let send = Send<Element>(emit: emit, operation: state)
    started.connect?(send)
    let task = Self.spawn(started, send: send) { failure in
      let goesOn = status.withLock { $0.end() }
      if goesOn {
        end(failure)
      } else {
        // The walk went on when the operation was cancelled: only the registry hears of its end.
        for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
      }
    }
    let stop: @Sendable () -> Void = { [discard = started.discard] in
      status.withLock { $0.phase = .cancelled }
      task.cancel()
      discard?()
    }
    let cancel: @Sendable () -> Void = { [goOn] in
      stop()
      // Cancelled on the main actor (by id, by `cancelInFlight`, by a failure of its run): its
      // part ends now, however long its task takes to return. Elsewhere (the owner's release,
      // from any thread) nothing is left to go on with.
      guard let goOn, isOnMainActor() else { return }
      MainActor.assumeIsolated {
        if status.withLock({ $0.pass() }) { goOn() }
      }
    }
    let scopes = walker.scopes
    let isLongLived = self.isLongLived
    let role: TaskRegistry.Role = started.waitsForTimers ? .waitingForTimers : .work
    if !tasks.withLock({
      $0.insert(
        cancel, token: token, scopes: scopes, isLongLived: isLongLived, role: role)
    }) {
      stop()
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

  /// What an attachment of `run`'s walk inside `scopes` works with.
  func outlet(inside scopes: [EffectScope], for run: EffectRun) -> EffectOutlet<Element> {
    let tasks = self.tasks
    let context = EffectRunContext(tasks: tasks, owner: owner, scopes: scopes, number: run.number)
    return EffectOutlet(
      emit: emit,
      startTimer: { timer, fire in
        // Substituted: no timer runs (the element it holds back is what a replay delivers).
        if context.owner?.substitutesEffects == true { return {} }
        return Self.startTimer(timer, fire, inside: scopes, tasks: tasks)
      },
      context: context)
  }
}
