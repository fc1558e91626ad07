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
/// run in tasks of their own, started on the main actor; their elements are reduced on it, in the
/// order they are sent.
public struct Effect<Element> {
  @usableFromInline
  enum Kind {
    case none
    case just(Element)
    case many([Element])
    case concat(EffectParts<Element>)
    case merge(EffectParts<Element>)
    case operation(EffectOperation<Element>)
    case identified(EffectParts<Element>, id: AnyHashableSendable, cancelInFlight: Bool)
    case cancel(AnyHashableSendable)
    case deferred(() -> Effect)
    case upstream(EffectUpstream<Element>)
    case staged(AnyEffectStage<Element>)
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
  public static func concat(_ effects: [Effect]) -> Effect { Effect(kind: .concat(EffectParts(effects))) }

  /// The elements of each effect, one effect after the other.
  public static func concat(_ effects: Effect...) -> Effect { concat(effects) }

  /// The elements of all effects, started together; elements are reduced as they arrive.
  public static func merge(_ effects: [Effect]) -> Effect { Effect(kind: .merge(EffectParts(effects))) }

  /// The elements of all effects, started together; elements are reduced as they arrive.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// The effect `make` returns, built only when this part is reached — inside a `concat`, after
  /// the parts before it were reduced (ReactorKit's `Observable.deferred`).
  ///
  /// ```swift
  /// // In a counter's mutate(action:): .deferred reads the count once .increment was reduced.
  /// let effect: Effect<Mutation> =
  ///   .concat(.just(.increment), .deferred { .just(.log(counter.currentState.count)) })
  /// ```
  ///
  /// `make` is kept until the walk reaches it. After an asynchronous part, that is until the part
  /// ends, and a `make` that captures the reactor keeps it alive that long: capture it weakly
  /// there (`.deferred { [weak self] in … }`) when the part may outlive the screen.
  public static func deferred(_ make: @escaping () -> Effect) -> Effect {
    Effect(kind: .deferred(make))
  }

  /// Cancels the in-flight effects started with `id` (see ``cancellable(id:cancelInFlight:)``).
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(kind: .cancel(AnyHashableSendable(id)))
  }
}

extension Effect {
  /// Runs `operation` in a task of its own, on the main actor; each element it sends is reduced
  /// there, before `send` returns.
  ///
  /// As SwiftUI's `.task` (and as ReactorKit subscribes to `mutate`'s observable on the main
  /// thread), the operation starts on the main actor and reads the reactor's state without
  /// `await`; what it awaits runs where that function is isolated — a `nonisolated` async
  /// function, a network or database API, off the main actor — and the main actor is free while
  /// it waits. Put CPU-heavy synchronous work in such a function (`@concurrent` in Swift 6.2's
  /// approachable-concurrency mode), not in the operation's body. Keeping the operation on the
  /// main actor saves two thread switches per effect (see the README's performance table).
  ///
  /// Throwing ends the operation: the elements sent before are kept, the error goes to the
  /// reactor's error channel (see ``Reactor/errors``). The operation is cancelled when the reactor
  /// is released, or by id (see ``cancellable(id:cancelInFlight:)``).
  ///
  /// The operation keeps what it captures until it returns: one that captures `self` strongly
  /// keeps its reactor alive while it waits — and so is not cancelled when the screen lets the
  /// reactor go. Capture `[weak self]` in an operation that may wait long (a stream, a timer).
  ///
  /// ```swift
  /// let signIn: Effect<Mutation> = .run { [api] send in   // capture what it needs
  ///   let user = try await api.signIn(email, password)
  ///   await send(.setUser(user))
  /// }
  /// ```
  public static func run(
    _ operation: @escaping @MainActor @Sendable (_ send: Send<Element>) async throws -> Void
  ) -> Effect {
    Effect(
      kind: .operation(
        .ready(StartedOperation(run: operation, discard: nil, connect: nil, waitsForTimers: false))))
  }
}

extension Effect where Element: Sendable {
  /// The elements of `sequence`, reduced on the main actor as they arrive.
  ///
  /// The sequence is iterated from the moment the effect starts — for a `transform` hook, when
  /// the reactor starts — so a relay's elements sent after that are never missed.
  ///
  /// A ``PublishRelay`` or ``BehaviorRelay`` is subscribed synchronously: an element accepted on
  /// the main actor is reduced before `accept` returns, as one an operation sends — a service's
  /// event reaches every screen that merges it before the code that accepted it goes on (closes
  /// the screen, say). One accepted on another thread is reduced on the main actor soon after,
  /// in the order accepted; a current-value relay's value at the start arrives that way too.
  /// Any other sequence — a relay's `AsyncSequence` `map` among them — is iterated in a task, so
  /// its elements arrive a turn later: map a relay's elements with the effect's ``map(_:)``.
  ///
  /// ```swift
  /// // In transform(mutation:): the list changes as soon as the service announces it.
  /// let itemsChanged = PublishRelay<[String]>()  // the service's event
  /// let changes: Effect<Mutation> = Effect.from(itemsChanged).map { .setItems($0) }
  /// ```
  public static func from<S: AsyncSequence & Sendable>(_ sequence: S) -> Effect
  where S.Element == Element {
    // A relay subscribes synchronously: what is accepted on the main actor is reduced before
    // `accept` returns.
    if let relay = sequence as? PublishRelay<Element> {
      return Effect(kind: .operation(.starting { .feeding(from: relay.subscribe) }))
    }
    if let relay = sequence as? BehaviorRelay<Element> {
      return Effect(kind: .operation(.starting { .feeding(from: relay.subscribe) }))
    }
    return Effect(
      kind: .operation(
        .starting {
          // Subscribe now, synchronously; the iterator then moves into the task that drains it.
          let box = IteratorBox(sequence.makeAsyncIterator())
          return StartedOperation(
            run: { send in
              guard var iterator = box.take() else { return }
              while let element = try await iterator.next() { await send(element) }
            },
            discard: box.discard, connect: nil, waitsForTimers: false)
        }))
  }
}

extension Effect {
  /// Marks this effect with `id`, so that ``cancel(id:)`` can stop it.
  ///
  /// Cancelling stops every part of the effect that has not finished: its running operations
  /// are cancelled (their later sends are discarded) and its parts not yet started never start.
  /// Its synchronous head is still reduced before `send` returns, and the parts after it in an
  /// enclosing `concat` go on at once (RxSwift's `take(until:)`), even when a cancelled
  /// operation is slow to return: what it sends afterwards is dropped. Parts cancelled together
  /// end in the order they started.
  ///
  /// With `cancelInFlight`, starting it first cancels what is still running under `id` (the last
  /// request wins, like `flatMapLatest`). The elements need not be `Sendable`: a `.run` request
  /// sending a non-`Sendable` mutation is cancellable too.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    cancellable(anyID: AnyHashableSendable(id), cancelInFlight: cancelInFlight)
  }

  func cancellable(anyID id: AnyHashableSendable, cancelInFlight: Bool) -> Effect {
    Effect(kind: .identified(EffectParts([self]), id: id, cancelInFlight: cancelInFlight))
  }
}

extension Effect {
  var isNone: Bool {
    if case .none = kind { return true }
    return false
  }

  var isUpstream: Bool {
    if case .upstream = kind { return true }
    return false
  }

  /// The parts of a top-level `merge` (each of them its own effect), or this effect alone.
  var mergedParts: [Effect] {
    if case .merge(let parts) = kind { return parts.effects }
    return [self]
  }

  /// Whether a `transform` hook reshaped its argument (the reactor's own stream appears other
  /// than as a part of a top-level `merge`): its elements must then be walked through the
  /// result.
  var reshapesUpstream: Bool {
    mergedParts.contains { !$0.isUpstream && $0.containsUpstream }
  }

  /// Whether a `transform` hook kept its argument (the reactor's own stream) in what it returned.
  var containsUpstream: Bool {
    // On an explicit stack: a tree may nest as deep as its user folded it.
    var stack = [self]
    while let effect = stack.popLast() {
      switch effect.kind {
      case .upstream: return true
      case .concat(let parts), .merge(let parts), .identified(let parts, _, _):
        stack.append(contentsOf: parts.effects)
      case .staged(let stage): if stage.base.containsUpstream { return true }
      case .none, .just, .many, .operation, .cancel, .deferred: continue
      }
    }
    return false
  }
}

extension Effect where Element == Int {
  /// The ticks 0, 1, 2… one every `period` on `clock`, the first one `period` after the effect
  /// starts (RxSwift's `Observable.interval`, a timer source). It runs until it is cancelled — by
  /// id, or with its reactor — so give it an id, or merge it in `transform(mutation:)`, where it
  /// lives as long as the reactor; ``map(_:)`` turns a tick into a mutation.
  ///
  /// ```swift
  /// // In mutate(action:): a stopwatch counts every second until it is stopped.
  /// let ticking: Effect<Mutation> = Effect.interval(.seconds(1), clock: clock)
  ///   .map { _ in .increment }
  ///   .cancellable(id: "stopwatch")
  /// let stopping: Effect<Mutation> = .cancel(id: "stopwatch")
  /// ```
  ///
  /// Its wait is work in flight: ``ReactorStore/waitUntilIdle()`` returns once it is cancelled.
  /// Each tick is reduced on the main actor before the next wait starts, so a slow reduction
  /// delays the ticks after it rather than bunching them.
  public static func interval(_ period: Duration, clock: some Clock<Duration> = ContinuousClock())
    -> Effect
  {
    .run { send in try await tick(every: period, on: clock, send) }
  }

  /// `interval(_:clock:)` on a clock held as `any Clock<Duration>` (an injected clock).
  @_disfavoredOverload
  public static func interval(_ period: Duration, clock: any Clock<Duration>) -> Effect {
    .run { send in try await tick(every: period, on: clock, send) }
  }

  @MainActor
  private static func tick(
    every period: Duration, on clock: some Clock<Duration>, _ send: Send<Int>
  ) async throws {
    var tick = 0
    while true {
      try await clock.sleep(for: period)
      await send(tick)
      tick += 1
    }
  }
}
