/// Carries out what ``EffectWalker`` says, on the main actor: synchronous elements are emitted
/// before ``run(_:onFinish:)`` returns; each operation runs in a task recorded in the owner's
/// ``TaskRegistry``; once it has finished, the walk goes on from where it stopped (when anything
/// is left of it: see ``wait(for:_:in:join:)``).
///
/// A reactor's store runs `mutate`'s and `recover`'s effects through one, and each `transform`
/// hook's streams through one of their own; a flow under coordination runs its asynchronous
/// `adapt(step:)` through one (see ``FlowNode``). Semantics, in the terms of the walker's
/// instructions:
/// - an element is emitted the moment the walk reaches it; a `concat` part starts only when the
///   part before it has finished; the branches of a `merge` start in order, and what follows the
///   merge waits for all of them;
/// - `.cancel(id:)` cancels every open scope named `id` (its running operations are cancelled,
///   its later parts skipped); `cancelInFlight` does the same when its scope opens. A cancelled
///   operation's part ends at once (RxSwift's `take(until:)`): the walk after it goes on as it
///   is cancelled, in the order the cancelled operations started, without waiting for its task;
/// - an operation that throws ends its whole run (every branch, every debounce or throttle timer,
///   whatever the effect's shape), once: the error goes to the owner's `fail`, the elements emitted before
///   it stay, and an element a timer holds back is dropped.
@MainActor
struct EffectRunner<Element> {
  typealias Completion = @MainActor (_ failure: (any Error)?) -> Void
  /// Hands an element on, with the number of the run it is an output of: `nil` for what a walk
  /// reached as its effect was returned (not an output), the run's number once the walk goes on
  /// after an operation, or for what an operation sent or a timer let go.
  typealias Emission = @MainActor @Sendable (_ element: Element, _ run: Int?) -> Void

  let tasks: LockedState<TaskRegistry>
  /// What the runner works for (see ``EffectOwner``): the work after an operation, an
  /// operation's element and a timer's firing enter its guard; an error that ends a run goes to
  /// it; it numbers the runs. Weak: a task still running when the owner is gone delivers nothing.
  weak var owner: (any EffectOwner)?
  /// Delivers an element (the caller is inside the owner's guard: the walk reached it, or the
  /// owner's ``EffectOwner/enter(_:)`` ran an element an operation sent or a timer let go), with
  /// the number of the run it is an output of — the one place a run's number reaches its owner
  /// (a store records the output there). A run keeps the `emit` of the runner it was started on:
  /// an owner whose runs deliver to different places (a flow's adaptations, each to its step's
  /// place in the line) sets it per run.
  var emit: Emission
  /// Marks the tasks as long-lived (not counted as work in flight).
  var isLongLived = false
  /// The number of the run a child run (a flat map's inner effect), or a `transform` hook's
  /// stream, belongs to: its outputs are that run's.
  var parentNumber: Int?

  /// A runner working for `owner` (`nil`, for a child run whose parent's owner is gone: it
  /// delivers nothing).
  init(tasks: LockedState<TaskRegistry>, owner: (any EffectOwner)?, emit: @escaping Emission) {
    self.tasks = tasks
    self.owner = owner
    self.emit = emit
  }

  /// Runs `effect`. What its walk reaches at once is emitted as an output of run `output` (`nil`:
  /// of none — what `mutate` returned; a `recover(from:)` of a failed run's: that run's).
  /// `onFinish` is called once every part has finished (at once for a synchronous effect), with
  /// the error that ended it, if any.
  ///
  /// A lone operation — what `mutate` returns most often — is started in a run of its own
  /// without a walk: nothing comes before or after it, and nothing waits for its run's end.
  func run(_ effect: Effect<Element>, asOutputOf output: Int?, onFinish: Completion? = nil) {
    if onFinish == nil, case .operation(let operation) = effect.kind {
      wait(for: operation, nil, in: start(onFinish: nil), join: nil)
      return
    }
    proceed(EffectWalker(effect, inside: []), in: nil, join: nil, asOutputOf: output, onFinish: onFinish)
  }

  /// A branch to walk: its walker, its run (`nil` until the walk branches or goes asynchronous)
  /// and the merge it is a branch of.
  private struct Branch {
    var walker: EffectWalker<Element>
    var run: EffectRun?
    let join: EffectJoin<Element>?
  }

  /// Walks `walker` until it finishes or waits for an operation, then every branch that became
  /// ready meanwhile (the branches of a merge it reached, the walk after a merge whose branches
  /// all ended); what they reach is emitted as an output of run `output`. Merges nest as deep as
  /// their user folded them (`items.reduce(.none) { .merge($0, load($1)) }`): the branches wait
  /// on an explicit stack, never one call deeper per merge.
  func proceed(
    _ walker: EffectWalker<Element>, in run: EffectRun?, join: EffectJoin<Element>?,
    asOutputOf output: Int?, onFinish: Completion? = nil
  ) {
    // Empty until a merge is reached: an effect without one allocates nothing here.
    var ready: [Branch] = []
    var branch = Branch(walker: walker, run: run, join: join)
    while true {
      walk(&branch, asOutputOf: output, onFinish: onFinish, ready: &ready)
      guard let next = ready.popLast() else { return }
      branch = next
    }
  }

  /// Walks one branch until it finishes, waits for an operation or reaches a merge (whose
  /// branches go on `ready`, the first on top: they start in order, each one walked as far as it
  /// goes before the next starts).
  private func walk(
    _ branch: inout Branch, asOutputOf output: Int?, onFinish: Completion?, ready: inout [Branch]
  ) {
    if let scope = branch.run?.scope { branch.walker.adopt(scope) }
    let tasks = self.tasks
    while true {
      let instruction = branch.walker.next { scope in tasks.withLock { $0.isCancelled(scope) } }
      switch instruction {
      case .emit(let element):
        emit(element, output)
      case .cancel(let id):
        cancel(tasks.withLock { $0.cancel(id: id) })
      case .open(let effect, let id, let cancelInFlight):
        if cancelInFlight { cancel(tasks.withLock { $0.cancel(id: id) }) }
        branch.walker.enter(effect, scope: tasks.withLock { $0.openScope(named: id) })
      case .close(let scopes):
        // The ids the scopes drop go here, after unlocking (see `TaskRegistry.close(_:)`).
        _ = tasks.withLock { $0.close(scopes) }
      case .branch(let effects):
        let run = branch.run ?? start(&branch.walker, onFinish: onFinish)
        let merge = EffectJoin<Element>(
          remaining: effects.count, parent: branch.walker, parentJoin: branch.join)
        run.live += effects.count
        let scopes = branch.walker.scopes
        for effect in effects.reversed() {
          ready.append(Branch(walker: EffectWalker(effect, inside: scopes), run: run, join: merge))
        }
        return
      case .attach(let attachment):
        // A timer bound here is cancelled with its run when the run fails: the run gets its
        // scope first, whether the timer comes before or after an asynchronous part.
        let run = branch.run ?? start(&branch.walker, onFinish: onFinish)
        branch.run = run
        attachment.perform(outlet(inside: branch.walker.scopes, for: run, asOutputOf: output))
      case .wait(let operation):
        let run = branch.run ?? start(&branch.walker, onFinish: onFinish)
        wait(for: operation, branch.walker, in: run, join: branch.join)
        return
      case .finished:
        finish(in: branch.run, join: branch.join, onFinish: onFinish, ready: &ready)
        return
      }
    }
  }

  /// The run goes asynchronous or branches: it gets an anonymous scope (an error cancels it)
  /// and counts its live branches.
  private func start(_ walker: inout EffectWalker<Element>, onFinish: Completion?) -> EffectRun {
    let run = start(onFinish: onFinish)
    walker.adopt(run.scope)
    return run
  }

  private func start(onFinish: Completion?) -> EffectRun {
    let run = EffectRun(scope: tasks.withLock { $0.openScope(named: nil) }, onFinish: onFinish)
    run.number = parentNumber ?? owner?.numberRun()
    return run
  }

  private func finish(
    in run: EffectRun?, join: EffectJoin<Element>?, onFinish: Completion?, ready: inout [Branch]
  ) {
    guard let run else {
      onFinish?(nil)
      return
    }
    run.live -= 1
    if let join {
      join.remaining -= 1
      // The last branch of a merge: the walk after the merge goes on, on the stack of ready
      // branches (a merge as deep as its user nested it never recurses here).
      if join.remaining == 0, let parent = join.parent {
        join.parent = nil
        ready.append(Branch(walker: parent, run: run, join: join.parentJoin))
      }
      return
    }
    if run.live == 0 {
      _ = tasks.withLock { $0.close([run.scope]) }
      run.onFinish?(run.failure)
    }
  }

  /// The first error of a run ends it: every branch is cancelled, the error reported once.
  func fail(_ error: any Error, in run: EffectRun) {
    guard run.failure == nil else { return }
    run.failure = error
    cancel(tasks.withLock { $0.cancel(scope: run.scope) })
    owner?.fail(error, run: run.number)
  }

  func cancel(_ cancels: [@Sendable () -> Void]) {
    for cancel in cancels { cancel() }
  }
}
