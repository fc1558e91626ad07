/// A debounce, throttle or delay timer in flight, as the testing tools describe it when waiting
/// for an owner to be idle cannot end: what kind of timer, how long it waits, on which clock, and
/// how much of the wait is left.
package struct PendingTimer: Sendable {
  /// The timer's stage: its timing and its clock.
  let spec: EffectTimerSpec
  /// The wait the timer started with.
  package let duration: Duration
  /// When the timer is due, as a time passed since the spec was made (see
  /// ``EffectTimerSpec/elapsed``): taken when its task starts sleeping, from the clock's time
  /// then; `nil` until it does.
  var deadline: Duration?

  init(_ spec: EffectTimerSpec, waiting wait: Duration) {
    self.spec = spec
    duration = wait
  }

  /// "debounce", "throttle window" or "delay".
  package var kind: String {
    switch spec.timing {
    case .debounce: "debounce"
    case .throttle: "throttle window"
    case .delay: "delay"
    }
  }

  /// The clock it sleeps on.
  package var clock: any Clock<Duration> { spec.clock }

  /// How far the clock has still to go before the timer is due (zero or less once it is due);
  /// `nil` while its task has not started sleeping: once it does, it waits the whole
  /// ``duration`` from the clock's time then, however far the clock was advanced before.
  package func remaining() -> Duration? {
    deadline.map { $0 - spec.elapsed() }
  }

  /// Whether the timer ends without the clock moving further: its task sleeps and the clock has
  /// passed its deadline, or its wait is not in the future.
  var isDue: Bool { (remaining() ?? duration) <= .zero }

  /// Sleeps the timer's wait on its clock from the clock's time now, telling `starting` the
  /// deadline (see ``deadline``) first. Throws when the task is cancelled.
  func sleep(starting: (_ deadline: Duration) -> Void) async throws {
    try await spec.sleep(duration, starting)
  }
}

extension LockedState where State == TaskRegistry {
  /// What is running when it is nothing but timers that are not due yet (cancelled tasks still
  /// ending count as something else: they end by themselves); `nil` otherwise, or when idle.
  /// A timer whose task has not started sleeping yet is not due: it ends only once the clock
  /// moves after it sleeps.
  var onlyTimersNotDue: [PendingTimer]? {
    let timers = withLock { $0.onlyTimers }
    guard let timers, !timers.contains(where: \.isDue) else { return nil }
    return timers
  }
}

extension ReactorStore {
  /// The reactor's work in flight when it is nothing but timers that are not due yet; `nil`
  /// otherwise. On a clock that only a test moves, such timers end only once the test advances
  /// it: the testing tools' `waitUntilIdle` fails at once, naming them, instead of waiting.
  package nonisolated var timersNotDueOnly: [PendingTimer]? { tasks.onlyTimersNotDue }
}
