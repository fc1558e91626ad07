/// A debounce, throttle or delay of `source`. `sharedTimer` is set for the parts of a source that
/// the runner walks apart (a scope it opens, the branches of a merge): they share their stage's
/// timer.
struct TimedStage<Element>: EffectStage {
  let source: Effect<Element>
  let spec: EffectTimerSpec
  var sharedTimer: EffectTimer<Element>? = nil

  var containsUpstream: Bool { source.containsUpstream }

  func makeWalk() -> any EffectStageWalk<Element> {
    TimedWalk(source, spec: spec, sharedTimer: sharedTimer)
  }
}

/// Walks a ``TimedStage``: binds its timer to the walk's outlet, hands it every element of the
/// source (synchronous ones, an operation's, the reactor's own stream's), and flushes it when the
/// source has ended.
final class TimedWalk<Element>: EffectStageWalk, EffectTranslation {
  typealias Source = Element
  private enum Phase { case bind, walk, done }
  private var inner: EffectWalker<Element>
  private let timer: EffectTimer<Element>
  private let spec: EffectTimerSpec
  /// Whether this walk made the timer (and so binds and flushes it).
  private let ownsTimer: Bool
  private var phase: Phase

  init(_ source: Effect<Element>, spec: EffectTimerSpec, sharedTimer: EffectTimer<Element>?) {
    inner = EffectWalker(source)
    self.spec = spec
    timer = sharedTimer ?? EffectTimer(spec: spec)
    ownsTimer = sharedTimer == nil
    phase = ownsTimer ? .bind : .walk
  }

  var isFinished: Bool { phase == .done }

  @MainActor
  func next() -> EffectWalker<Element>.Instruction {
    switch phase {
    case .done:
      return .finished
    case .bind:
      phase = .walk
      let timer = self.timer
      return .attach(EffectAttachment { outlet in timer.bind(outlet) })
    case .walk:
      return inner.next(translatedBy: self)
    }
  }

  @MainActor
  func element(_ element: Element) -> EffectWalker<Element>.Instruction? {
    let timer = self.timer
    let held = UnsafeSendable(element)
    return .attach(EffectAttachment { _ in timer.push(held.value) })
  }

  func part(_ effect: Effect<Element>) -> Effect<Element> {
    Effect(kind: .staged(AnyEffectStage(base: TimedStage(source: effect, spec: spec, sharedTimer: timer))))
  }

  func operation(_ operation: EffectOperation<Element>) -> EffectOperation<Element> {
    let timer = self.timer
    return operation.redirect { send in send.redirect { element, _ in timer.push(element) } }
  }

  func attachment(_ attachment: EffectAttachment<Element>) -> EffectAttachment<Element> {
    let timer = self.timer
    return EffectAttachment { outlet in
      attachment.perform(outlet.replacingEmit { element, _ in timer.push(element) })
    }
  }

  @MainActor
  func finished() -> EffectWalker<Element>.Instruction {
    phase = .done
    guard ownsTimer else { return .finished }
    let timer = self.timer
    // A delay's source ends once its delayed elements have gone on: what follows it in a
    // `concat` comes after them.
    if case .delay = spec.timing { return timer.drainInstruction() }
    return .attach(EffectAttachment { outlet in timer.finish(asOutputOf: outlet.output) })
  }
}
