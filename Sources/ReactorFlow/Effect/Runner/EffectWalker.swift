/// The one interpreter of ``Effect``: walks an effect tree and says, one instruction at a time,
/// what to do — deliver this element, cancel that id, open a scope, start branches, wait for an
/// operation. It does nothing itself and holds no lock: ``EffectRunner`` carries out what it
/// says, on the main actor, for reactors and for the flow coordinator alike.
///
/// The walker is the continuation of one branch of an effect: the frames still to run, innermost
/// last. When it says ``Instruction/wait(_:)`` the runner keeps the walker as it is and calls
/// ``next(isCancelled:)`` again once the operation has finished, or at once when it is cancelled
/// on the main actor; what comes after the operation (the rest of a `concat`, a `.cancel(id:)`,
/// the end of a scope) runs then, in order. When nothing comes after it in its run and nothing
/// waits for the run's end, the runner does not ask again: the operation's end closes the run.
struct EffectWalker<Element> {
  /// What the runner must do next.
  enum Instruction {
    /// Deliver one element (reduce a mutation, send an action, collect a step).
    case emit(Element)
    /// Cancel every open scope named `id` (``Effect/cancel(id:)``).
    case cancel(AnyHashableSendable)
    /// Open a scope for `effect`, named `id`; call ``enter(_:scope:)`` with it.
    case open(Effect<Element>, id: AnyHashableSendable, cancelInFlight: Bool)
    /// These scopes ended (walked to their end, or skipped once cancelled): forget them.
    case close([EffectScope])
    /// Run each effect as a branch of its own, in order, inheriting the open scopes; continue
    /// this walker once every branch has finished (``Effect/merge(_:)``).
    case branch([Effect<Element>])
    /// Start the operation; continue this walker once it has finished.
    case wait(EffectOperation<Element>)
    /// Carry out this work with the runner's outlet, then go on: connect the reactor's own
    /// stream (`.upstream`), hand an element to a debounce or throttle timer, flush one.
    case attach(EffectAttachment<Element>)
    /// Nothing is left.
    case finished
  }

  private enum Frame {
    case effect(Effect<Element>)
    case elements(ArraySlice<Element>)
    case exit(EffectScope)
    /// A stage (map, filter, timer) walking its source.
    case stage(any EffectStageWalk<Element>)
  }

  private var frames: [Frame]
  /// The open scopes, outermost first: inherited ones, then the ones this walker opened.
  private(set) var scopes: [EffectScope]
  /// How many of ``scopes`` belong to the branch that started this one (closed by it, not here).
  private var inheritedScopes: Int

  /// A walker for `effect`, inside `scopes` (those of the branch that started it).
  init(_ effect: Effect<Element>, inside scopes: [EffectScope] = []) {
    frames = [.effect(effect)]
    self.scopes = scopes
    inheritedScopes = scopes.count
  }

  /// Whether nothing is left to walk.
  var isFinished: Bool { frames.isEmpty }

  /// Puts the walk inside its run's anonymous scope (outermost, closed by the run), once.
  mutating func adopt(_ runScope: EffectScope) {
    guard scopes.first != runScope else { return }
    scopes.insert(runScope, at: 0)
    inheritedScopes += 1
  }

  /// Runs `effect` inside `scope`, which the runner opened for an ``Instruction/open`` .
  mutating func enter(_ effect: Effect<Element>, scope: EffectScope) {
    frames.append(.exit(scope))
    frames.append(.effect(effect))
    scopes.append(scope)
  }

  /// The next instruction. `isCancelled` tells whether an open scope was cancelled: the frames
  /// inside the outermost cancelled scope are skipped. On the main actor: an element-wise
  /// operator runs its closure when its element is reached.
  @MainActor
  mutating func next(isCancelled: (EffectScope) -> Bool) -> Instruction {
    if !scopes.isEmpty, let index = scopes.firstIndex(where: isCancelled) {
      return unwind(to: index)
    }
    while let frame = frames.popLast() {
      switch frame {
      case .exit(let scope):
        scopes.removeLast()
        return .close([scope])
      case .stage(let walk):
        let instruction = walk.next()
        if case .finished = instruction { continue }
        if !walk.isFinished { frames.append(.stage(walk)) }
        return instruction
      case .elements(var elements):
        let element = elements.removeFirst()
        if !elements.isEmpty { frames.append(.elements(elements)) }
        return .emit(element)
      case .effect(let effect):
        switch effect.kind {
        case .none:
          continue
        case .upstream(let upstream):
          // The reactor's own stream (a `transform` hook's pipeline): its inlet is the outlet's.
          return .attach(EffectAttachment { outlet in upstream.connect(outlet.emit) })
        case .staged(let stage):
          frames.append(.stage(stage.base.makeWalk()))
        case .just(let element):
          return .emit(element)
        case .many(let elements):
          if !elements.isEmpty { frames.append(.elements(elements[...])) }
        case .concat(let parts):
          frames.append(contentsOf: parts.effects.reversed().lazy.map(Frame.effect))
        case .merge(let parts):
          if !parts.effects.isEmpty { return .branch(parts.effects) }
        case .deferred(let make):
          frames.append(.effect(make()))
        case .operation(let operation):
          return .wait(operation)
        case .identified(let parts, let id, let cancelInFlight):
          return .open(parts.effects[0], id: id, cancelInFlight: cancelInFlight)
        case .cancel(let id):
          return .cancel(id)
        }
      }
    }
    return .finished
  }

  /// Skips what is left inside the scope at `index` (cancelled) and closes it with the scopes
  /// inside it. A cancelled inherited scope ends this branch: its owner closes it.
  private mutating func unwind(to index: Int) -> Instruction {
    let target = max(index, inheritedScopes)
    if index < inheritedScopes {
      frames.removeAll()
    } else {
      let scope = scopes[index]
      while let frame = frames.popLast() {
        if case .exit(let exited) = frame, exited == scope { break }
      }
    }
    let closed = Array(scopes[target...])
    scopes.removeSubrange(target...)
    return closed.isEmpty ? .finished : .close(closed)
  }
}

/// How a stage (``EffectStageWalk``) makes its own instructions of its source's: what an element
/// becomes, and the parts, operations and attachments with the stage kept around them. The
/// instructions that carry no element (cancel, close) pass as they are; see
/// ``EffectWalker/next(translatedBy:)``.
protocol EffectTranslation<Source, Element>: AnyObject {
  associatedtype Source
  associatedtype Element
  /// What an element of the source becomes: `nil` for nothing (the walk goes on).
  @MainActor func element(_ element: Source) -> EffectWalker<Element>.Instruction?
  /// A part of the source the runner walks apart (a scope's body, a merge's branch), inside the
  /// stage.
  func part(_ effect: Effect<Source>) -> Effect<Element>
  /// An operation of the source, its elements handed through the stage.
  func operation(_ operation: EffectOperation<Source>) -> EffectOperation<Element>
  /// An attachment of the source, its outlet seen through the stage.
  func attachment(_ attachment: EffectAttachment<Source>) -> EffectAttachment<Element>
  /// The source ended: the stage's last instruction.
  @MainActor func finished() -> EffectWalker<Element>.Instruction
}

extension EffectWalker {
  /// The next instruction of this walker, a stage's source, as `stage` translates it: the one
  /// place besides the runner that reads the walker's instructions, so that no stage changes
  /// with them — a new kind of part changes the walker (and `Effect.containsUpstream`), a new
  /// instruction the runner and this function.
  @MainActor
  mutating func next<Stage: EffectTranslation>(translatedBy stage: Stage)
    -> EffectWalker<Stage.Element>.Instruction
  where Stage.Source == Element {
    // A stage's walker opens no scope of its own (the runner enters them in the outer walker),
    // so it never sees a cancelled one: the outer walker unwinds the stage with its frame.
    while true {
      switch next(isCancelled: { _ in false }) {
      case .emit(let element):
        if let instruction = stage.element(element) { return instruction }
      case .cancel(let id):
        return .cancel(id)
      case .open(let effect, let id, let cancelInFlight):
        return .open(stage.part(effect), id: id, cancelInFlight: cancelInFlight)
      case .close(let scopes):
        return .close(scopes)
      case .branch(let effects):
        return .branch(effects.map(stage.part))
      case .wait(let operation):
        return .wait(stage.operation(operation))
      case .attach(let attachment):
        return .attach(stage.attachment(attachment))
      case .finished:
        return stage.finished()
      }
    }
  }
}
