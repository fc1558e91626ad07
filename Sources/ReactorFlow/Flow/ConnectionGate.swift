/// Holds what a stepper emits while the coordinator connects it (during its initial step and
/// its `readyToEmitSteps()`), so that those steps join the coordinator's queue right behind its
/// initial step — before a `.forwardToCurrentFlow` step of the same `.multiple`, as in RxFlow —
/// instead of waiting in the inbox until the step being handled and everything queued behind it
/// are done. Once opened, every step goes to the inbox.
final class ConnectionGate: Sendable {
  /// The held deliveries; `nil` once the gate is open.
  private let held = LockedState<[StepDelivery]?>([])

  /// Holds `delivery` while connecting; `false` once the gate is open (the caller sends it on).
  func hold(_ delivery: StepDelivery) -> Bool {
    held.withLock { held in
      guard held != nil else { return false }
      held?.append(delivery)
      return true
    }
  }

  /// Opens the gate and returns what it held, in the order it was emitted.
  func open() -> [StepDelivery] {
    held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
  }
}
