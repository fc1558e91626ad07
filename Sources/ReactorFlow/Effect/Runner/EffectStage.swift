/// A part of an ``Effect`` that reshapes the elements of another effect: an element-wise operator
/// (``Effect/map(_:)``, ``Effect/filter(_:)``, ``Effect/compactMap(_:)``, whose source may have
/// another element type), a timer (``Effect/debounce(for:clock:)``,
/// ``Effect/throttle(for:clock:latest:)``, ``Effect/delay(for:clock:)``) or a flat map
/// (``Effect/flatMap(_:)``, ``Effect/flatMapLatest(_:)``).
///
/// ``EffectWalker`` walks it through a fresh ``EffectStageWalk`` per run, which walks the source
/// with an ``EffectWalker`` of its own and has it translate the instructions
/// (``EffectWalker/next(translatedBy:)``): the walker stays the one interpreter of effects.
protocol EffectStage<Element> {
  associatedtype Element
  /// Whether the source holds the reactor's own stream (a `transform` hook's argument).
  var containsUpstream: Bool { get }
  /// A walk of the stage with state of its own (a timer's pending element is per run).
  func makeWalk() -> any EffectStageWalk<Element>
}

/// An ``EffectStage`` as ``Effect`` stores it.
@usableFromInline
struct AnyEffectStage<Element> {
  let base: any EffectStage<Element>
}

/// One run of an ``EffectStage``: the instructions of its source, translated.
protocol EffectStageWalk<Element>: AnyObject {
  associatedtype Element
  /// Whether nothing is left.
  var isFinished: Bool { get }
  /// The next instruction; `.finished` once nothing is left.
  @MainActor func next() -> EffectWalker<Element>.Instruction
}

/// An element-wise operator: each element of `source` becomes `transform`'s result (`nil`: none).
struct MappedStage<Source, Element>: EffectStage {
  let source: Effect<Source>
  let transform: EffectTransform<Source, Element>

  var containsUpstream: Bool { source.containsUpstream }

  func makeWalk() -> any EffectStageWalk<Element> {
    MappedWalk(source, transform)
  }
}

/// Walks a ``MappedStage``: what the source's walker says, with its elements transformed when
/// they are reached (on the main actor, inside the owner's guard) — operations, branches and
/// scopes keep the transform, cancellation and order are the source's.
final class MappedWalk<Source, Element>: EffectStageWalk, EffectTranslation {
  private var inner: EffectWalker<Source>
  private let transform: EffectTransform<Source, Element>

  init(_ source: Effect<Source>, _ transform: EffectTransform<Source, Element>) {
    inner = EffectWalker(source)
    self.transform = transform
  }

  var isFinished: Bool { inner.isFinished }

  @MainActor
  func next() -> EffectWalker<Element>.Instruction {
    inner.next(translatedBy: self)
  }

  @MainActor
  func element(_ source: Source) -> EffectWalker<Element>.Instruction? {
    transform.apply(source).map { .emit($0) }
  }

  func part(_ effect: Effect<Source>) -> Effect<Element> {
    Effect(kind: .staged(AnyEffectStage(base: MappedStage(source: effect, transform: transform))))
  }

  func operation(_ operation: EffectOperation<Source>) -> EffectOperation<Element> {
    let transform = self.transform
    return operation.redirect { $0.pullback(transform) }
  }

  func attachment(_ attachment: EffectAttachment<Source>) -> EffectAttachment<Element> {
    attachment.pushforward(transform)
  }

  func finished() -> EffectWalker<Element>.Instruction { .finished }
}
