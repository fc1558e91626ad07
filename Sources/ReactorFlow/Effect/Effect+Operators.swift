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
/// - `debounce` and `throttle` measure time on the `clock` given (a test passes a `TestClock`).
///   Their timers count as work in flight (``ReactorStore/waitUntilIdle()`` waits for them); an
///   element they hold back goes on, inside the reactor's re-entrancy guard, when the timer fires
///   — or at once when the effect they apply to ends. Cancelling their effect (by id, or by
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
