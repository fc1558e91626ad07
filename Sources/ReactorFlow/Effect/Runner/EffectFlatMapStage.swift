/// A `flatMap` or `flatMapLatest` of `source`: each element of the source starts the effect
/// `transform` makes of it. `sharedHub` is set for the parts of a source that the runner walks
/// apart (a scope it opens, the branches of a merge): they share their stage's hub.
struct FlatMapStage<Source, Element>: EffectStage {
  let source: Effect<Source>
  let transform: EffectTransform<Source, Effect<Element>>
  let latest: Bool
  var sharedHub: FlatMapHub<Source, Element>? = nil

  var containsUpstream: Bool { source.containsUpstream }

  func makeWalk() -> any EffectStageWalk<Element> {
    FlatMapWalk(
      source, hub: sharedHub ?? FlatMapHub(transform: transform, latest: latest), sharing: sharedHub != nil)
  }
}

/// Starts the inner effects of one run of a flat map as child runs, through the outlet of the
/// walk that reached the stage (inside its scopes: cancelling the flat map's effect, or its run,
/// cancels them), and lets the end of the source wait for the inner effects still running.
@MainActor
final class FlatMapHub<Source, Element> {
  let transform: EffectTransform<Source, Effect<Element>>
  let latest: Bool
  private var outlet: EffectOutlet<Element>?
  /// Inner runs not finished yet.
  private var live = 0
  private var drainWaiters: [CheckedContinuation<Void, Never>] = []

  nonisolated init(transform: EffectTransform<Source, Effect<Element>>, latest: Bool) {
    self.transform = transform
    self.latest = latest
  }

  /// Takes the walk's outlet (the first one: parts walked later share this hub).
  func bind(_ outlet: EffectOutlet<Element>) {
    if self.outlet == nil { self.outlet = outlet }
  }

  /// An element of the source: its inner effect starts now (for `flatMapLatest`, after the one
  /// still running was cancelled); what it reaches at once is an output of run `output`.
  func push(_ source: Source, asOutputOf output: Int?) {
    guard let outlet else { return }
    let inner = transform.apply(source) ?? .none
    live += 1
    // The hub's identity names the inner effects of this run only: another run of the same
    // effect (another reactor, another action) has a hub of its own.
    let effect =
      latest
      ? inner.cancellable(anyID: AnyHashableSendable(ObjectIdentifier(self)), cancelInFlight: true)
      : inner
    outlet.start(effect, asOutputOf: output) { [weak self] _ in self?.innerEnded() }
  }

  private func innerEnded() {
    live -= 1
    if live == 0 { resumeDrainWaiters() }
  }

  /// Whether no inner effect is running.
  var isIdle: Bool { live == 0 }

  /// Returns once no inner effect is running, or when the waiting task is cancelled.
  func drained() async {
    guard live > 0 else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        if live == 0 || Task.isCancelled {
          waiter.resume()
        } else {
          drainWaiters.append(waiter)
        }
      }
    } onCancel: {
      Task { @MainActor in self.resumeDrainWaiters() }
    }
  }

  private func resumeDrainWaiters() {
    let waiters = drainWaiters
    drainWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}

/// Walks a ``FlatMapStage``: binds its hub to the walk's outlet, hands it every element of the
/// source (synchronous ones, an operation's, the reactor's own stream's), and once the source has
/// ended waits for the inner effects still running (what follows in a `concat` comes after them).
final class FlatMapWalk<Source, Element>: EffectStageWalk, EffectTranslation {
  private enum Phase { case bind, walk, done }
  private var inner: EffectWalker<Source>
  private let hub: FlatMapHub<Source, Element>
  /// Whether a walk of the same run owns the hub (binds it and waits for it).
  private let isSharing: Bool
  private var phase: Phase

  init(_ source: Effect<Source>, hub: FlatMapHub<Source, Element>, sharing: Bool) {
    inner = EffectWalker(source)
    self.hub = hub
    isSharing = sharing
    phase = sharing ? .walk : .bind
  }

  var isFinished: Bool { phase == .done }

  @MainActor
  func next() -> EffectWalker<Element>.Instruction {
    let hub = self.hub
    switch phase {
    case .done:
      return .finished
    case .bind:
      phase = .walk
      return .attach(EffectAttachment { outlet in hub.bind(outlet) })
    case .walk:
      return inner.next(translatedBy: self)
    }
  }

  @MainActor
  func element(_ element: Source) -> EffectWalker<Element>.Instruction? {
    let hub = self.hub
    let held = UnsafeSendable(element)
    return .attach(EffectAttachment { outlet in hub.push(held.value, asOutputOf: outlet.output) })
  }

  func part(_ effect: Effect<Source>) -> Effect<Element> {
    sharing(effect)
  }

  func operation(_ operation: EffectOperation<Source>) -> EffectOperation<Element> {
    let hub = self.hub
    return operation.redirect { send in send.redirect { hub.push($0, asOutputOf: $1) } }
  }

  func attachment(_ attachment: EffectAttachment<Source>) -> EffectAttachment<Element> {
    let hub = self.hub
    return EffectAttachment { outlet in
      attachment.perform(outlet.replacingEmit { hub.push($0, asOutputOf: $1) })
    }
  }

  @MainActor
  func finished() -> EffectWalker<Element>.Instruction {
    phase = .done
    // Inner effects that ended synchronously leave nothing to wait for: the run stays
    // synchronous.
    guard !isSharing, !hub.isIdle else { return .finished }
    // The flat map ends once its source and every inner effect have ended.
    let hub = self.hub
    return .wait(
      .ready(
        StartedOperation(run: { _ in await hub.drained() }, discard: nil, connect: nil, waitsForTimers: false)
      ))
  }

  private func sharing(_ effect: Effect<Source>) -> Effect<Element> {
    Effect(
      kind: .staged(
        AnyEffectStage(
          base: FlatMapStage(source: effect, transform: hub.transform, latest: hub.latest, sharedHub: hub))))
  }
}
