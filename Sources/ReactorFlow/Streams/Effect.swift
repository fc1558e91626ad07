/// A stream of elements — the mutations `mutate(action:)` returns, or the actions and mutations a
/// `transform` merges in — that composes synchronous and asynchronous parts.
///
/// It plays the role of ReactorKit's `Observable<Mutation>`:
///
/// | ReactorKit | ReactorFlow |
/// |---|---|
/// | `Observable.just(m)` | `.just(m)` |
/// | `Observable.empty()` | `.empty` or `.none` |
/// | `Observable.from([a, b])` | `.from([a, b])` |
/// | `Observable.concat(a, b)` | `.concat(a, b)` |
/// | `Observable.merge(a, b)` | `.merge(a, b)` |
/// | `service.fetch().map { … }` | `.run { send in await send(…) }` |
/// | any observable | `.from(asyncSequence)` |
///
/// Synchronous parts (`just`, `from` an array, `empty`, and `concat`/`merge` of them) are reduced
/// before ``Reactor/send(_:)`` returns, each one before the next is produced. Asynchronous parts
/// run off the main actor; their elements are reduced on it, in the order they are sent.
public struct Effect<Element> {
  @usableFromInline
  enum Kind {
    case none
    case just(Element)
    case many([Element])
    case concat([Effect])
    case merge([Effect])
    case operation(EffectOperation<Element>)
    case cancel(AnyHashableSendable)
    case deferred(() -> Effect)
    case upstream
  }

  @usableFromInline
  let kind: Kind

  @inlinable
  init(kind: Kind) { self.kind = kind }

  /// No element.
  public static var none: Effect { Effect(kind: .none) }

  /// No element (ReactorKit's `Observable.empty()`).
  public static func empty() -> Effect { Effect(kind: .none) }

  /// One element, reduced synchronously.
  @inlinable
  public static func just(_ element: Element) -> Effect { Effect(kind: .just(element)) }

  /// The elements of `elements`, in order, reduced synchronously.
  public static func from(_ elements: [Element]) -> Effect { Effect(kind: .many(elements)) }

  /// The elements of each effect, one effect after the other: an effect starts only when the one
  /// before it has finished.
  public static func concat(_ effects: [Effect]) -> Effect { Effect(kind: .concat(effects)) }

  /// The elements of each effect, one effect after the other.
  public static func concat(_ effects: Effect...) -> Effect { concat(effects) }

  /// The elements of all effects, started together; elements are reduced as they arrive.
  public static func merge(_ effects: [Effect]) -> Effect { Effect(kind: .merge(effects)) }

  /// The elements of all effects, started together; elements are reduced as they arrive.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// The effect `make` returns, built only when this part is reached — inside a `concat`, after
  /// the parts before it were reduced (ReactorKit's `Observable.deferred`).
  ///
  /// ```swift
  /// return .concat(.just(.increment), .deferred { .just(.log(self.currentState.count)) })
  /// ```
  public static func deferred(_ make: @escaping () -> Effect) -> Effect {
    Effect(kind: .deferred(make))
  }

  /// Cancels the in-flight effects started with `id` (see ``cancellable(id:cancelInFlight:)``).
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(kind: .cancel(AnyHashableSendable(id)))
  }

  /// Whether the effect finishes before `send` returns (it has no asynchronous part).
  var isSynchronous: Bool {
    switch kind {
    case .none, .just, .many, .cancel: return true
    case .concat(let effects), .merge(let effects): return effects.allSatisfy(\.isSynchronous)
    case .operation, .upstream: return false
    case .deferred: return true
    }
  }

  /// This effect with a `deferred` head built.
  var resolved: Effect {
    if case .deferred(let make) = kind { return make().resolved }
    return self
  }
}

extension Effect where Element: Sendable {
  /// Runs `operation` off the main actor; each element it sends is reduced on the main actor.
  ///
  /// Throwing ends the operation: the elements sent before are kept, the error goes to the
  /// reactor's error channel (see ``Reactor/errors``). The operation is cancelled when the reactor
  /// is released, or by id (see ``cancellable(id:cancelInFlight:)``).
  ///
  /// ```swift
  /// return .run { send in
  ///   let user = try await api.signIn(email, password)
  ///   await send(.setUser(user))
  /// }
  /// ```
  public static func run(
    _ operation: @escaping @Sendable (_ send: Send<Element>) async throws -> Void
  ) -> Effect {
    Effect(
      kind: .operation(
        EffectOperation(id: nil, cancelInFlight: false) { StartedOperation(run: operation) }))
  }

  /// The elements of `sequence`, reduced on the main actor as they arrive.
  ///
  /// The sequence is iterated from the moment the effect starts — for a `transform` hook, when
  /// the reactor starts — so a relay's elements sent after that are never missed.
  public static func from<S: AsyncSequence & Sendable>(_ sequence: S) -> Effect
  where S.Element == Element {
    Effect(
      kind: .operation(
        EffectOperation(id: nil, cancelInFlight: false) {
          // Subscribe now, synchronously; the iterator then moves into the task that drains it.
          let box = IteratorBox(sequence.makeAsyncIterator())
          return StartedOperation(
            run: { send in
              guard var iterator = box.take() else { return }
              while let element = try await iterator.next() { await send(element) }
            },
            discard: box.discard)
        }))
  }

  /// Marks this effect's asynchronous work with `id`, so that ``cancel(id:)`` can stop it.
  ///
  /// With `cancelInFlight`, starting it first cancels the work already running under `id`
  /// (the last request wins, like `flatMapLatest`).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    cancellable(anyID: AnyHashableSendable(id), cancelInFlight: cancelInFlight)
  }

  func cancellable(anyID id: AnyHashableSendable, cancelInFlight: Bool) -> Effect {
    switch kind {
    case .operation(let operation):
      return Effect(
        kind: .operation(EffectOperation(id: id, cancelInFlight: cancelInFlight, start: operation.start)))
    case .none, .just, .many, .cancel, .upstream:
      return self
    case .deferred(let make):
      return Effect.deferred { make().cancellable(anyID: id, cancelInFlight: cancelInFlight) }
    case .concat, .merge:
      // The composite runs as one unit of work so that one id covers all of it.
      return Effect(
        kind: .operation(EffectOperation(id: id, cancelInFlight: cancelInFlight, composite: self)))
    }
  }
}

/// An asynchronous part of an ``Effect``: an operation, or a composite effect run under one id.
///
/// `start` runs synchronously, on the main actor, when the effect starts (a sequence subscribes
/// there); the operation it returns then runs in a task.
@usableFromInline
struct EffectOperation<Element> {
  let id: AnyHashableSendable?
  let cancelInFlight: Bool
  let start: (@MainActor () -> StartedOperation<Element>)?
  let composite: [Effect<Element>]

  init(
    id: AnyHashableSendable?, cancelInFlight: Bool, composite: Effect<Element>? = nil,
    start: (@MainActor () -> StartedOperation<Element>)? = nil
  ) {
    self.id = id
    self.cancelInFlight = cancelInFlight
    self.start = start
    self.composite = composite.map { [$0] } ?? []
  }
}

/// An operation whose synchronous start has run: the work left for the task, and how to let go
/// of what the start holds (a subscription) if the task is cancelled before it runs.
struct StartedOperation<Element>: Sendable {
  let run: @Sendable (Send<Element>) async throws -> Void
  var discard: (@Sendable () -> Void)? = nil
}

/// Moves an iterator, created where the effect starts, into the task that drains it, or drops
/// it (ending its subscription) if the task is cancelled first.
final class IteratorBox<Iterator>: Sendable {
  private let iterator: LockedState<UnsafeSendable<Iterator>?>
  init(_ iterator: Iterator) { self.iterator = LockedState(UnsafeSendable(iterator)) }

  /// Hands the iterator to the task that drains it; `nil` once discarded.
  func take() -> Iterator? {
    iterator.withLock { boxed in
      defer { boxed = nil }
      return boxed?.value
    }
  }

  /// Drops the iterator if no task took it.
  @Sendable func discard() {
    let dropped = iterator.withLock { boxed in
      defer { boxed = nil }
      return boxed
    }
    _ = dropped
  }
}

/// A type-erased hashable and sendable value: the id of a cancellable effect.
@usableFromInline
struct AnyHashableSendable: Hashable, @unchecked Sendable {
  // Only ever built from a `Hashable & Sendable` value.
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
}
