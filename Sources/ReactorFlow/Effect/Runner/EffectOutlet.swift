/// What a walk hands its elements to, given to an ``EffectAttachment`` by ``EffectRunner``: the
/// runner's emission, its owner (whose guard a timer's firing enters), its timers (recorded in
/// the owner's task registry, inside the walk's open scopes) and child runs (a flat map's inner
/// effects). A `transform`
/// hook's `.upstream` connects the emission as its inlet (see ``EffectUpstream``).
@MainActor
struct EffectOutlet<Element> {
  /// Hands an element on at once (the caller is inside the owner's guard), with the number of
  /// the run it is an output of (see ``EffectRunner/Emission``).
  let emit: @MainActor (Element, _ run: Int?) -> Void
  /// The run what the walk hands on now is an output of: what an attachment hands on as it is
  /// performed (a flat map's synchronous inner elements, what a debounce holds when its source
  /// ends) goes with it; what a timer lets go — as it fires, or a throttle at once, its window
  /// being closed — with the run's own number (``EffectRunContext/number``).
  let output: Int?
  /// Starts a timer task (counted as work in flight, cancelled with the walk's scopes and with
  /// its owner), described by `timer`: it sleeps the timer's wait, then runs `fire` unless it
  /// was cancelled first. Returns how to cancel it.
  let startTimer:
    @MainActor (_ timer: PendingTimer, _ fire: @escaping @Sendable () async -> Void) -> @Sendable () -> Void
  /// The runner this outlet belongs to, for ``start(_:onFinish:)``.
  let context: EffectRunContext

  /// Runs `effect` as a child run inside the walk's open scopes (a flat map's inner effect): its
  /// elements go to ``emit`` (through whatever this outlet was pulled back through), its failure
  /// to the owner's error channel; its tasks count as work in flight even when the walk's are
  /// long-lived (a stream a `transform` hook merges in), and cancelling the walk's scopes cancels
  /// them. What it reaches at once is an output of run `output`. `onFinish` is called once the
  /// child run has finished (at once when it is synchronous).
  func start(
    _ effect: Effect<Element>, asOutputOf output: Int?, onFinish: (@MainActor ((any Error)?) -> Void)? = nil
  ) {
    // Called on the main actor only, where the outlet lives.
    let emit = UnsafeSendable(self.emit)
    var child = EffectRunner<Element>(tasks: context.tasks, owner: context.owner) { emit.value($0, $1) }
    child.parentNumber = context.number
    child.proceed(
      EffectWalker(effect, inside: context.scopes), in: nil, join: nil, asOutputOf: output, onFinish: onFinish
    )
  }

  /// This outlet for an inner stream whose elements go through `transform` first.
  func pullback<Source>(_ transform: EffectTransform<Source, Element>) -> EffectOutlet<Source> {
    let emit = self.emit
    return replacingEmit { source, run in
      if let element = transform.apply(source) { emit(element, run) }
    }
  }

  /// This outlet, its elements handed to `emit` instead.
  func replacingEmit<Other>(_ emit: @escaping @MainActor (Other, _ run: Int?) -> Void) -> EffectOutlet<Other>
  {
    EffectOutlet<Other>(emit: emit, output: output, startTimer: startTimer, context: context)
  }
}

/// What the work of one run's walk goes back to, whatever its element type: the owner's task
/// registry, the owner (held weakly: what a timer fires after the owner is gone is dropped), the
/// walk's open scopes and the run's number. A child run (a flat map's inner effect) starts from
/// it; a timer's firing enters the owner's guard through it.
struct EffectRunContext: Sendable {
  let tasks: LockedState<TaskRegistry>
  weak var owner: (any EffectOwner)?
  /// The walk's open scopes, outermost first.
  let scopes: [EffectScope]
  /// The number of the run the walk belongs to (see ``EffectOwner/numberRun()``).
  let number: Int?

  /// Runs `body` inside the owner's guard with the run's number (what it hands on is the run's
  /// output), or drops it once the owner is gone.
  @MainActor
  func enter(_ body: (_ run: Int?) -> Void) {
    owner?.enter { body(number) }
  }
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
