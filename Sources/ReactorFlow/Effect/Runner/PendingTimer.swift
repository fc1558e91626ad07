/// A debounce, throttle or delay timer in flight, as the testing tools describe it when waiting
/// for an owner to be idle cannot end: what kind of timer, how long it waits, on which clock, and
/// how much of the wait is left.
package struct PendingTimer: Sendable {
  /// "debounce", "throttle window" or "delay".
  package let kind: String
  /// The wait the timer started with.
  package let duration: Duration
  /// The clock it sleeps on.
  package let clock: any Clock<Duration>
  /// How far the clock has still to go before the timer is due (zero or less once it is due).
  package let remaining: @Sendable () -> Duration

  init(_ spec: EffectTimerSpec, waiting wait: Duration) {
    switch spec.timing {
    case .debounce: kind = "debounce"
    case .throttle: kind = "throttle window"
    case .delay: kind = "delay"
    }
    duration = wait
    clock = spec.clock
    let elapsed = spec.elapsed
    let deadline = elapsed() + wait
    remaining = { deadline - elapsed() }
  }
}

extension LockedState where State == TaskRegistry {
  /// What is running when it is nothing but timers that are not due yet (cancelled tasks still
  /// ending count as something else: they end by themselves); `nil` otherwise, or when idle.
  var onlyTimersNotDue: [PendingTimer]? {
    let timers = withLock { $0.onlyTimers }
    guard let timers, timers.allSatisfy({ $0.remaining() > .zero }) else { return nil }
    return timers
  }
}

extension ReactorStore {
  /// The reactor's work in flight when it is nothing but timers that are not due yet; `nil`
  /// otherwise. On a clock that only a test moves, such timers end only once the test advances
  /// it: the testing tools' `waitUntilIdle` fails at once, naming them, instead of waiting.
  package nonisolated var timersNotDueOnly: [PendingTimer]? { tasks.onlyTimersNotDue }
}
