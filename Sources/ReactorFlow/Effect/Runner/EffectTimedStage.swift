/// A debounce or throttle of `source`. `timer` is set for the parts of a source that the
/// runner walks apart (a scope it opens, the branches of a merge): they share their stage's timer.
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
final class TimedWalk<Element>: EffectStageWalk {
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
    let timer = self.timer
    switch phase {
    case .done:
      return .finished
    case .bind:
      phase = .walk
      return .attach(EffectAttachment { outlet in timer.bind(outlet) })
    case .walk:
      break
    }
    switch inner.next(isCancelled: { _ in false }) {
    case .emit(let element):
      let held = UnsafeSendable(element)
      return .attach(EffectAttachment { _ in timer.push(held.value) })
    case .cancel(let id):
      return .cancel(id)
    case .open(let effect, let id, let cancelInFlight):
      return .open(sharing(effect), id: id, cancelInFlight: cancelInFlight)
    case .close(let scopes):
      return .close(scopes)
    case .branch(let effects):
      return .branch(effects.map(sharing))
    case .wait(let operation):
      return .wait(
        operation.redirect { send in Send(emit: { timer.push($0) }, resume: send.resume) })
    case .attach(let attachment):
      return .attach(
        EffectAttachment { outlet in attachment.perform(outlet.replacingEmit { timer.push($0) }) })
    case .finished:
      phase = .done
      guard ownsTimer else { return .finished }
      // A delay's source ends once its delayed elements have gone on: what follows it in a
      // `concat` comes after them.
      if case .delay = spec.timing { return timer.drainInstruction() }
      return .attach(EffectAttachment { _ in timer.finish() })
    }
  }

  private func sharing(_ effect: Effect<Element>) -> Effect<Element> {
    Effect(kind: .staged(AnyEffectStage(base: TimedStage(source: effect, spec: spec, sharedTimer: timer))))
  }
}
