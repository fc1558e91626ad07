/// How a timer stage lets elements through.
enum EffectTiming: Sendable {
  /// An element goes on once `duration` has passed with no newer one (the newer one restarts
  /// the wait).
  case debounce
  /// The first element goes on at once and opens a window of `duration`; with `latest`, the last
  /// element of the window goes on when it closes (and opens the next window).
  case throttle(latest: Bool)
  /// Each element goes on `duration` after it arrived, in order; the source's end waits for the
  /// last one.
  case delay
}

/// A debounce, throttle or delay: its timing, and the clock that measures it.
struct EffectTimerSpec: Sendable {
  let timing: EffectTiming
  let duration: Duration
  let clock: any Clock<Duration>
  /// The time passed on `clock` since the spec was made: a delay's elements are due at such
  /// times.
  let elapsed: @Sendable () -> Duration
  /// Sleeps a wait on `clock` from its time now, telling its second argument the deadline (as an
  /// ``elapsed`` time) before it sleeps until it: the deadline a test sees is the one slept until.
  let sleep: @Sendable (_ wait: Duration, _ starting: (_ deadline: Duration) -> Void) async throws -> Void

  init<C: Clock<Duration>>(timing: EffectTiming, duration: Duration, clock: C) {
    self.timing = timing
    self.duration = duration
    self.clock = clock
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleep = { wait, starting in
      let deadline = clock.now.advanced(by: wait)
      starting(origin.duration(to: deadline))
      try await clock.sleep(until: deadline, tolerance: nil)
    }
  }
}

/// The state of one run of a debounce, throttle or delay: the elements held back and the timer
/// running.
///
/// Bound to its walk's ``EffectOutlet`` when the walk reaches it; its timers are tasks of the
/// owner's registry, inside the walk's scopes (cancelling the scope or releasing the reactor
/// cancels them, and the held element is dropped). A timer that fires enters the owner's
/// re-entrancy guard before it hands the element on.
@MainActor
final class EffectTimer<Element> {
  private let spec: EffectTimerSpec
  private var outlet: EffectOutlet<Element>?
  /// The element held back until the timer fires.
  private var pending: Element?
  private var cancelTimer: (@Sendable () -> Void)?
  /// Tells a timer that fires after it was replaced or stopped that it is stale.
  private var generation = 0
  /// A delay's elements waiting for their time, each with the time it is due (see
  /// ``EffectTimerSpec/elapsed``), in order.
  private var delayed: [(deadline: Duration, element: Element)] = []
  /// Who waits for the delayed elements to have gone on (the end of a delay's source).
  private var drainWaiters: [CheckedContinuation<Void, Never>] = []

  nonisolated init(spec: EffectTimerSpec) {
    self.spec = spec
  }

  /// Takes the walk's outlet (the first one: parts walked later share this timer).
  func bind(_ outlet: EffectOutlet<Element>) {
    if self.outlet == nil { self.outlet = outlet }
  }

  /// An element of the source arrives. What the timer lets go, at once (a throttle whose window
  /// is closed) or when it fires, is its run's output: whether it goes on is a matter of time,
  /// which a replay does not run (a replay delivers what its own timer holds back).
  func push(_ element: Element) {
    switch spec.timing {
    case .debounce:
      pending = element
      startTimer()
    case .throttle(let latest):
      if cancelTimer == nil {
        outlet?.emit(element, outlet?.context.number)
        startTimer()
      } else if latest {
        pending = element
      }
    case .delay:
      delay(element)
    }
  }

  /// A delay's element: due `duration` from now. One timer runs at a time, for the first
  /// element waiting; when it fires, every element due goes on, and it restarts for the next.
  private func delay(_ element: Element) {
    delayed.append((spec.elapsed() + spec.duration, element))
    if cancelTimer == nil { startDelayTimer(after: spec.duration) }
  }

  private func startDelayTimer(after wait: Duration) {
    guard let outlet else { return }
    let generation = self.generation
    let context = outlet.context
    // Cancelled before it fires, the timer does not run this: the elements waiting are dropped
    // with their scope.
    cancelTimer = outlet.startTimer(PendingTimer(spec, waiting: wait)) { [self] in
      await MainActor.run {
        guard !Task.isCancelled else { return }
        context.enter { run in self.releaseDue(generation, asOutputOf: run) }
      }
    }
  }

  private func releaseDue(_ generation: Int, asOutputOf run: Int?) {
    guard generation == self.generation else { return }
    cancelTimer = nil
    let now = spec.elapsed()
    while let first = delayed.first, first.deadline <= now {
      delayed.removeFirst()
      outlet?.emit(first.element, run)
    }
    // An element handed on may have led to another one (and its timer) meanwhile.
    if let next = delayed.first {
      if cancelTimer == nil { startDelayTimer(after: next.deadline - now) }
    } else {
      resumeDrainWaiters()
    }
  }

  /// Returns once every delayed element has gone on, or at once when the calling task is
  /// cancelled (the elements are dropped with their scope then).
  func drained() async {
    guard !delayed.isEmpty else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        if delayed.isEmpty || Task.isCancelled {
          waiter.resume()
        } else {
          drainWaiters.append(waiter)
        }
      }
    } onCancel: {
      Task { @MainActor in self.resumeDrainWaiters() }
    }
  }

  /// Whether no delayed element waits.
  var isDrained: Bool { delayed.isEmpty }

  private func resumeDrainWaiters() {
    let waiters = drainWaiters
    drainWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// The source ended: the element held back goes on at once (an output of run `output`); no
  /// timer is left running.
  func finish(asOutputOf output: Int?) {
    stopTimer()
    if let element = pending.take() { outlet?.emit(element, output) }
  }

  private func fire(_ generation: Int, asOutputOf run: Int?) {
    guard generation == self.generation else { return }
    cancelTimer = nil
    guard let element = pending.take() else { return }
    outlet?.emit(element, run)
    if case .throttle = spec.timing { startTimer() }
  }

  private func startTimer() {
    stopTimer()
    guard let outlet else { return }
    let generation = self.generation
    let context = outlet.context
    // Cancelled before it fires, the timer does not run this: the held element is dropped with
    // its scope.
    cancelTimer = outlet.startTimer(PendingTimer(spec, waiting: spec.duration)) { [self] in
      await MainActor.run {
        // Cancelled after its sleep ended (its run failed, its scope was cancelled): it must not
        // hand on an element that was dropped with its run.
        guard !Task.isCancelled else { return }
        context.enter { run in self.fire(generation, asOutputOf: run) }
      }
    }
  }

  private func stopTimer() {
    cancelTimer?()
    cancelTimer = nil
    generation &+= 1
  }
}

extension EffectTimer {
  /// The end of a delay's source: nothing when no element waits (the walk stays synchronous),
  /// else an operation that returns once the last delayed element has gone on.
  func drainInstruction() -> EffectWalker<Element>.Instruction {
    guard !isDrained else { return .finished }
    return .wait(
      .ready(
        StartedOperation(
          run: { _ in await self.drained() }, discard: nil, connect: nil, waitsForTimers: true)))
  }
}

/// The runner's timers: a timer an attachment starts runs in a task recorded in the registry,
/// counted as work in flight.
extension EffectRunner {
  /// Runs a timer, described by `timer`, in a task recorded in `tasks` inside `scopes` (counted
  /// as work in flight): it sleeps the timer's wait, then runs `fire` unless it was cancelled
  /// first. Returns how to cancel it.
  static func startTimer(
    _ timer: PendingTimer, _ fire: @escaping @Sendable () async -> Void, inside scopes: [EffectScope],
    tasks: LockedState<TaskRegistry>
  ) -> @Sendable () -> Void {
    let token = tasks.withLock { $0.reserve() }
    let task = spawnTimer(timer, token: token, tasks: tasks, fire: fire)
    let cancel: @Sendable () -> Void = { task.cancel() }
    if !tasks.withLock({ $0.insertTimer(timer, cancel: cancel, token: token, scopes: scopes) }) {
      cancel()
    }
    return {
      tasks.withLock { $0.cancel(token: token) }
      cancel()
    }
  }

  private nonisolated static func spawnTimer(
    _ timer: PendingTimer, token: Int, tasks: LockedState<TaskRegistry>,
    fire: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    Task {
      do {
        // The deadline is taken as the sleep starts: a test that advanced the clock before it did
        // sees a timer that is not due.
        try await timer.sleep { deadline in tasks.withLock { $0.timerSleeps(token: token, until: deadline) } }
        await fire()
      } catch {
        // Cancelled before it woke: it does not fire.
      }
      // On the main actor, where the task was recorded: never before it was recorded.
      await MainActor.run {
        for waiter in tasks.withLock({ $0.removeTimer(token) }) { waiter.resume() }
      }
    }
  }
}
