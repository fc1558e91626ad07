/// What a walk hands its elements to, given to an ``EffectAttachment`` by ``EffectRunner``: the
/// runner's emission (the inlet a `transform` hook's `.upstream` connects, see
/// ``EffectUpstream``), its re-entrancy guard and its timers (recorded in the owner's task
/// registry, inside the walk's open scopes).
@MainActor
struct EffectOutlet<Element> {
  /// Hands an element on at once (the caller is inside the owner's guard).
  let emit: @MainActor (Element) -> Void
  /// Enters the owner's guard (after a timer fired), or drops the work once the owner is gone.
  let resume: @MainActor @Sendable (@MainActor () -> Void) -> Void
  /// Starts a timer task (counted as work in flight, cancelled with the walk's scopes and with
  /// its owner); returns how to cancel it.
  let startTimer: @MainActor (_ body: @escaping @Sendable () async -> Void) -> @Sendable () -> Void

  /// This outlet for an inner stream whose elements go through `transform` first.
  func pullback<Source>(_ transform: EffectTransform<Source, Element>) -> EffectOutlet<Source> {
    let emit = self.emit
    return replacingEmit { source in
      if let element = transform.apply(source) { emit(element) }
    }
  }

  /// This outlet, its elements handed to `emit` instead.
  func replacingEmit<Other>(_ emit: @escaping @MainActor (Other) -> Void) -> EffectOutlet<Other> {
    EffectOutlet<Other>(emit: emit, resume: resume, startTimer: startTimer)
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
