/// Running effects: the synchronous parts at once, the asynchronous parts as tracked tasks.
extension ReactorStore {
  /// Runs a mutation effect that is not a single `.just` (the hot path handles that inline).
  /// `isLongLived` marks the streams merged in by `transform(mutation:)`, which do not count as
  /// work in flight.
  @usableFromInline
  func runMutations(_ effect: Effect<R.Mutation>, _ reactor: R, isLongLived: Bool = false) {
    run(effect, isLongLived: isLongLived) { mutation in
      reduce(mutation, reactor)
    } asynchronously: { [weak self] mutation in
      self?.reduceDelivered(mutation)
    }
  }

  /// Walks `effect`: synchronous elements go to `now` before this returns; asynchronous parts
  /// start as tasks whose elements go to `later` on the main actor.
  func run<E>(
    _ effect: Effect<E>,
    isLongLived: Bool = false,
    now: (E) -> Void,
    asynchronously later: @escaping @MainActor @Sendable (E) -> Void
  ) {
    switch effect.kind {
    case .none, .upstream:
      break
    case .deferred(let make):
      run(make(), isLongLived: isLongLived, now: now, asynchronously: later)
    case .just(let element):
      now(element)
    case .many(let elements):
      for element in elements { now(element) }
    case .merge(let effects):
      for effect in effects { run(effect, isLongLived: isLongLived, now: now, asynchronously: later) }
    case .concat(let effects):
      for (index, effect) in effects.enumerated() {
        let effect = effect.resolved
        if effect.isSynchronous {
          run(effect, isLongLived: isLongLived, now: now, asynchronously: later)
        } else {
          // The rest waits for this part: run it, in order, as one task. If this part is an
          // identified operation (`.cancellable(id:)`), the task carries its id, so that
          // `.cancel(id:)` and `cancelInFlight` reach it (and the parts after it).
          let isLast = index + 1 == effects.count
          let rest = isLast ? effect : Effect.concat([effect] + effects[(index + 1)...])
          let head: EffectOperation<E>? =
            if case .operation(let operation) = effect.kind { operation } else { nil }
          startTask(
            id: head?.id, cancelInFlight: head?.cancelInFlight ?? false, isLongLived: isLongLived, rest,
            deliver: later)
          return
        }
      }
    case .operation(let operation):
      startTask(
        id: operation.id, cancelInFlight: operation.cancelInFlight, isLongLived: isLongLived,
        Effect(kind: .operation(operation)), deliver: later)
    case .cancel(let id):
      cancelTasks(id: id)
    }
  }

  func cancelTasks(id: AnyHashableSendable) {
    let (cancels, waiters) = tasks.withLock { ($0.take(id: id), $0.takeWaitersIfIdle()) }
    for cancel in cancels { cancel() }
    for waiter in waiters { waiter.resume() }
  }

  /// Starts `effect` as a task tracked by the registry (cancelled with the reactor).
  func startTask<E>(
    id: AnyHashableSendable?, cancelInFlight: Bool, isLongLived: Bool, _ effect: Effect<E>,
    deliver: @escaping @MainActor @Sendable (E) -> Void
  ) {
    if let id, cancelInFlight { cancelTasks(id: id) }
    let token = tasks.withLock { $0.reserve() }
    // An operation starts now (a sequence subscribes synchronously); the rest runs in the task.
    let started: StartedOperation<E>?
    if case .operation(let operation) = effect.kind, let start = operation.start,
      operation.composite.isEmpty
    {
      started = start()
    } else {
      started = nil
    }
    let body = UnsafeSendable(effect)
    let task = Task { @MainActor [weak self] in
      do {
        if let started {
          try await started.run(Send(deliver))
        } else {
          try await EffectDriver.drive(body.value, deliver: deliver)
        }
      } catch is CancellationError {
        // Cancellation ends the work; it is not a failure.
      } catch {
        self?.report(error)
      }
      for waiter in self?.tasks.withLock({ $0.remove(token) }) ?? [] { waiter.resume() }
    }
    let cancel: @Sendable () -> Void = { [discard = started?.discard] in
      task.cancel()
      discard?()
    }
    if !tasks.withLock({ $0.insert(cancel, token: token, id: id, isLongLived: isLongLived) }) {
      cancel()
    }
  }

  // MARK: - Errors

  /// Publishes an error of an asynchronous stream and lets the reactor recover from it.
  func report(_ error: any Error) {
    guard let reactor = owner else { return }
    let observed = errorRelay.subscriberCount > 0
    errorRelay.accept(error)
    let recovery = reactor.recover(from: error)
    if !observed, recovery.isNone {
      ReactorFlowDiagnostics.emit(
        """
        \(R.self): a mutation stream failed with \(error). The mutations before the error were \
        kept and the reactor goes on, but nothing observed the error. To handle it, observe \
        `reactor.errors` or implement `recover(from:)`.
        """)
    }
    runMutations(recovery, reactor)
  }

  // MARK: - Transforms

  /// Runs the `transform(action:)` and `transform(mutation:)` hooks once, at start.
  func connectTransforms(of reactor: R) {
    let actions = reactor.transform(action: Effect(kind: .upstream))
    if !actions.containsUpstream {
      ReactorFlowDiagnostics.emit(
        """
        \(R.self).transform(action:) returned a stream without its `action` argument. Actions \
        sent to the reactor are still handled. To merge other actions, return \
        `.merge(action, other)`.
        """)
    }
    if !actions.isUpstream {
      run(actions, isLongLived: true) { [weak self] action in
        self?.sendFromTransform(action)
      } asynchronously: { [weak self] action in
        self?.sendFromTransform(action)
      }
    }
    let mutations = reactor.transform(mutation: Effect(kind: .upstream))
    if !mutations.containsUpstream {
      ReactorFlowDiagnostics.emit(
        """
        \(R.self).transform(mutation:) returned a stream without its `mutation` argument. The \
        mutations from mutate(action:) are still reduced. To merge other mutations, return \
        `.merge(mutation, other)`.
        """)
    }
    if !mutations.isUpstream {
      runMutations(mutations, reactor, isLongLived: true)
    }
  }

  func sendFromTransform(_ action: R.Action) {
    guard let reactor = owner else { return }
    send(action, to: reactor)
  }
}

extension Effect {
  var isNone: Bool {
    if case .none = kind { return true }
    return false
  }

  var isUpstream: Bool {
    if case .upstream = kind { return true }
    return false
  }

  var containsUpstream: Bool {
    switch kind {
    case .upstream: return true
    case .concat(let effects), .merge(let effects): return effects.contains(where: \.containsUpstream)
    default: return false
    }
  }
}
