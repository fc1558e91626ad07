/// The operators reactors apply to their streams — in `transform(action:)` and
/// `transform(mutation:)` above all, where the argument is the reactor's own stream.
///
/// ```swift
/// func transform(action: Effect<Action>) -> Effect<Action> {
///   let queries = action.filter(\.isQuery).debounce(for: .milliseconds(300), clock: clock)
///   let others = action.filter { !$0.isQuery }
///   return .merge(queries, others)
/// }
/// ```
///
/// Semantics, for every part of the effect (synchronous, asynchronous, the reactor's own stream):
/// - `map`, `filter` and `compactMap` call their closure on the main actor, when the element is
///   reached — a synchronous element before `send` returns, after every element before it was
///   reduced; an asynchronous one when it arrives — so the closure may read `currentState`.
///   They keep the order, the timing, the cancellation and the errors of the effect they apply to.
///   An action the closure sends is queued and handled after the current one (as from `reduce`).
/// - `debounce`, `throttle` and `delay` measure time on the `clock` given (a test passes a
///   `TestClock`). Their timers count as work in flight (``ReactorStore/waitUntilIdle()`` waits
///   for them); an element they hold back goes on, inside the reactor's re-entrancy guard, when
///   the timer fires — or, for `debounce` and `throttle`, at once when the effect they apply to
///   ends (a `delay` ends after its last element instead). Cancelling their effect (by id, or by
///   releasing the reactor) cancels the timer and drops the element held back; so does an error
///   that ends the effect's run, wherever the timer sits in it.
extension Effect {
  /// Each element becomes `transform(element)`.
  public func map<T>(_ transform: @escaping (Element) -> T) -> Effect<T> {
    staged { transform($0) }
  }

  /// The elements for which `transform` returns a value, as that value; the others are dropped.
  public func compactMap<T>(_ transform: @escaping (Element) -> T?) -> Effect<T> {
    staged(transform)
  }

  /// The elements that satisfy `isIncluded`; the others are dropped.
  public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Effect<Element> {
    staged { isIncluded($0) ? $0 : nil }
  }

  /// Each element goes on once `dueTime` has passed on `clock` with no newer element; a newer one
  /// replaces it and restarts the wait (RxSwift's `debounce`). When the effect ends, the element
  /// held back goes on at once.
  public func debounce(for dueTime: Duration, clock: some Clock<Duration> = ContinuousClock())
    -> Effect
  {
    timed(.debounce, dueTime, clock)
  }

  /// At most one element per `interval` on `clock`: the first goes on at once and opens the
  /// interval; with `latest` (the default, as RxSwift's `throttle`), the last element of the
  /// interval goes on when it closes and opens the next one. Without `latest`, elements within
  /// the interval are dropped. When the effect ends, the element held back goes on at once.
  public func throttle(
    for interval: Duration, clock: some Clock<Duration> = ContinuousClock(), latest: Bool = true
  ) -> Effect {
    timed(.throttle(latest: latest), interval, clock)
  }

  /// `debounce(for:clock:)` on a clock held as `any Clock<Duration>` (an injected clock: the
  /// app's `ContinuousClock`, a test's `TestClock`).
  @_disfavoredOverload
  public func debounce(for dueTime: Duration, clock: any Clock<Duration>) -> Effect {
    timed(.debounce, dueTime, clock)
  }

  /// `throttle(for:clock:latest:)` on a clock held as `any Clock<Duration>` (an injected clock).
  @_disfavoredOverload
  public func throttle(for interval: Duration, clock: any Clock<Duration>, latest: Bool = true)
    -> Effect
  {
    timed(.throttle(latest: latest), interval, clock)
  }

  /// Each element goes on `dueTime` after it arrived, measured on `clock` (RxSwift's `delay`):
  /// the elements keep their order and their spacing, and the effect ends once the last one has
  /// gone on — in a `concat`, the next part starts after it.
  ///
  /// ```swift
  /// // In mutate(action:): the spinner shows for two seconds at least.
  /// let spinner: Effect<Mutation> = .concat(
  ///   .just(.setLoading(true)),
  ///   Effect.just(.setLoading(false)).delay(for: .seconds(2), clock: clock))
  /// ```
  ///
  /// The waits are work in flight (``ReactorStore/waitUntilIdle()`` waits for them); cancelling
  /// the effect (by id, or by releasing the reactor) drops the elements still waiting.
  public func delay(for dueTime: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Effect {
    timed(.delay, dueTime, clock)
  }

  /// `delay(for:clock:)` on a clock held as `any Clock<Duration>` (an injected clock).
  @_disfavoredOverload
  public func delay(for dueTime: Duration, clock: any Clock<Duration>) -> Effect {
    timed(.delay, dueTime, clock)
  }

  /// Each element starts the effect `transform` makes of it; every one of those effects runs,
  /// and their elements are handed on as they arrive, interleaved (RxSwift's `flatMap`). Use it
  /// over a service's events in `transform(mutation:)`, an event becoming mutations:
  ///
  /// ```swift
  /// // In transform(mutation:): each refresh the service announces shows the spinner, then loads.
  /// let refreshed = PublishRelay<Void>()  // the service's event
  /// let loads: Effect<Mutation> = Effect.from(refreshed).flatMap { _ in
  ///   .concat(
  ///     .just(.setLoading(true)),
  ///     .run { send in
  ///       let items = try await api.fetch()
  ///       await send(.setItems(items))
  ///     })
  /// }
  /// ```
  ///
  /// `transform` is called on the main actor when the element is reached. An inner effect that is
  /// synchronous is handed on before the element's `send` or `accept` returns. The inner effects
  /// are child runs of this effect: cancelling it (by id, or by releasing the reactor) cancels
  /// them; their tasks are work in flight (``ReactorStore/waitUntilIdle()`` waits for them), even
  /// when the source is a stream merged in for the reactor's lifetime. This effect ends once its
  /// source and every inner effect have ended. An error ends the inner effect that threw (it goes
  /// to the reactor's error channel); the other inner effects and the source go on.
  public func flatMap<T>(_ transform: @escaping (Element) -> Effect<T>) -> Effect<T> {
    flatMapped(transform, latest: false)
  }

  /// Each element starts the effect `transform` makes of it, after the effect the previous
  /// element started was cancelled (RxSwift's `flatMapLatest`): only the latest element's effect
  /// runs, and what a cancelled one sends afterwards is dropped.
  ///
  /// ```swift
  /// // In transform(mutation:): a new sign-in request cancels the one still running.
  /// let signInRequested = PublishRelay<String>()  // the service's event: an email
  /// let signIns: Effect<Mutation> = Effect.from(signInRequested).flatMapLatest { email in
  ///   .run { send in
  ///     let user = try await api.signIn(email, password)
  ///     await send(.setUser(user))
  ///   }
  /// }
  /// ```
  ///
  /// Cancellation, work in flight and errors are as for ``flatMap(_:)``; a cancelled inner effect
  /// ends at once, as a cancelled part of a `concat` does.
  public func flatMapLatest<T>(_ transform: @escaping (Element) -> Effect<T>) -> Effect<T> {
    flatMapped(transform, latest: true)
  }

  private func flatMapped<T>(_ transform: @escaping (Element) -> Effect<T>, latest: Bool) -> Effect<T> {
    Effect<T>(
      kind: .staged(
        AnyEffectStage(
          base: FlatMapStage(source: self, transform: EffectTransform(body: transform), latest: latest))))
  }

  private func staged<T>(_ transform: @escaping (Element) -> T?) -> Effect<T> {
    Effect<T>(
      kind: .staged(
        AnyEffectStage(base: MappedStage(source: self, transform: EffectTransform(body: transform)))))
  }

  private func timed(_ timing: EffectTiming, _ duration: Duration, _ clock: some Clock<Duration>)
    -> Effect
  {
    let spec = EffectTimerSpec(timing: timing, duration: duration, clock: clock)
    return Effect(kind: .staged(AnyEffectStage(base: TimedStage(source: self, spec: spec))))
  }
}
