/// How a timer stage lets elements through.
enum EffectTiming: Sendable {
  /// An element goes on once `duration` has passed with no newer one (the newer one restarts
  /// the wait).
  case debounce
  /// The first element goes on at once and opens a window of `duration`; with `latest`, the last
  /// element of the window goes on when it closes (and opens the next window).
  case throttle(latest: Bool)
}

/// A debounce or throttle: its timing, and the clock that measures it.
struct EffectTimerSpec: Sendable {
  let timing: EffectTiming
  let duration: Duration
  let clock: any Clock<Duration>
}

/// The state of one run of a debounce or throttle: the element held back and the timer running.
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

  nonisolated init(spec: EffectTimerSpec) {
    self.spec = spec
  }

  /// Takes the walk's outlet (the first one: parts walked later share this timer).
  func bind(_ outlet: EffectOutlet<Element>) {
    if self.outlet == nil { self.outlet = outlet }
  }

  /// An element of the source arrives.
  func push(_ element: Element) {
    switch spec.timing {
    case .debounce:
      pending = element
      startTimer()
    case .throttle(let latest):
      if cancelTimer == nil {
        outlet?.emit(element)
        startTimer()
      } else if latest {
        pending = element
      }
    }
  }

  /// The source ended: the element held back goes on at once; no timer is left running.
  func finish() {
    stopTimer()
    if let element = pending.take() { outlet?.emit(element) }
  }

  private func fire(_ generation: Int) {
    guard generation == self.generation else { return }
    cancelTimer = nil
    guard let element = pending.take() else { return }
    outlet?.emit(element)
    if case .throttle = spec.timing { startTimer() }
  }

  private func startTimer() {
    stopTimer()
    guard let outlet else { return }
    let generation = self.generation
    let spec = self.spec
    let resume = outlet.resume
    cancelTimer = outlet.startTimer { [self] in
      do {
        try await spec.clock.sleep(for: spec.duration)
      } catch {
        return  // cancelled: the held element is dropped with its scope
      }
      await MainActor.run {
        // Cancelled after its sleep ended (its run failed, its scope was cancelled): it must not
        // hand on an element that was dropped with its run.
        guard !Task.isCancelled else { return }
        resume { self.fire(generation) }
      }
    }
  }

  private func stopTimer() {
    cancelTimer?()
    cancelTimer = nil
    generation &+= 1
  }
}
