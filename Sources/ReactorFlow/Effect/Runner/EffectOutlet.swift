/// What a walk hands its elements to, given to an ``EffectAttachment`` by ``EffectRunner``: the
/// runner's emission, its re-entrancy guard, its timers (recorded in the owner's task registry,
/// inside the walk's open scopes) and child runs (a flat map's inner effects). A `transform`
/// hook's `.upstream` connects the emission as its inlet (see ``EffectUpstream``).
@MainActor
struct EffectOutlet<Element> {
  /// Hands an element on at once (the caller is inside the owner's guard).
  let emit: @MainActor (Element) -> Void
  /// Enters the owner's guard (after a timer fired), or drops the work once the owner is gone.
  let resume: @MainActor @Sendable (@MainActor () -> Void) -> Void
  /// Starts a timer task (counted as work in flight, cancelled with the walk's scopes and with
  /// its owner), described by `timer`; returns how to cancel it.
  let startTimer:
    @MainActor (_ timer: PendingTimer, _ body: @escaping @Sendable () async -> Void) -> @Sendable () -> Void
  /// The runner this outlet belongs to, for ``start(_:onFinish:)``.
  let context: EffectRunContext

  /// Runs `effect` as a child run inside the walk's open scopes (a flat map's inner effect): its
  /// elements go to ``emit`` (through whatever this outlet was pulled back through), its failure
  /// to the owner's error channel; its tasks count as work in flight even when the walk's are
  /// long-lived (a stream a `transform` hook merges in), and cancelling the walk's scopes cancels
  /// them. `onFinish` is called once the child run has finished (at once when it is synchronous).
  func start(_ effect: Effect<Element>, onFinish: (@MainActor ((any Error)?) -> Void)? = nil) {
    // Called on the main actor only, where the outlet lives.
    let emit = UnsafeSendable(self.emit)
    var child = EffectRunner<Element>(
      tasks: context.tasks, emit: { emit.value($0) }, fail: context.fail, resume: context.resume)
    child.owner = context.owner
    child.outputs = context.outputs
    child.parentNumber = context.number
    child.run(effect, inside: context.scopes, onFinish: onFinish)
  }

  /// This outlet for an inner stream whose elements go through `transform` first.
  func pullback<Source>(_ transform: EffectTransform<Source, Element>) -> EffectOutlet<Source> {
    let emit = self.emit
    return replacingEmit { source in
      if let element = transform.apply(source) { emit(element) }
    }
  }

  /// This outlet, its elements handed to `emit` instead.
  func replacingEmit<Other>(_ emit: @escaping @MainActor (Other) -> Void) -> EffectOutlet<Other> {
    EffectOutlet<Other>(emit: emit, resume: resume, startTimer: startTimer, context: context)
  }
}

/// What a child run takes from the runner of the walk that starts it, whatever its element type.
struct EffectRunContext {
  let tasks: LockedState<TaskRegistry>
  let fail: @MainActor (any Error) -> Void
  let resume: @MainActor @Sendable (@MainActor () -> Void) -> Void
  let owner: @MainActor @Sendable () -> String
  /// The walk's open scopes, outermost first.
  let scopes: [EffectScope]
  /// The numbering of the owner's runs and its substitution (a reactor's mutation runner).
  let outputs: EffectOutputs?
  /// The number of the run the walk belongs to.
  let number: Int?
}

/// Work a walk asks the runner to carry out with its outlet (``EffectWalker/Instruction/attach(_:)``):
/// connect the reactor's own stream, hand an element to a debounce or throttle timer, flush one.
struct EffectAttachment<Element> {
  let perform: @MainActor (EffectOutlet<Element>) -> Void

  /// This attachment, as seen from an outer stream whose elements are what `transform` makes of
  /// this one's.
  func pushforward<Outer>(_ transform: EffectTransform<Element, Outer>) -> EffectAttachment<Outer> {
    EffectAttachment<Outer> { outlet in perform(outlet.pullback(transform)) }
  }
}
