/// The coordinator's intake of the steps emitted on the main actor, as a pure state machine: it
/// decides, and the coordinator carries out what it returns (receive the step now, queue it for
/// the drain running now, or drain what waits first).
///
/// A step emitted on the main actor is received before `accept` returns — unless steps received
/// earlier are still being handled (it then joins the running drain, behind them) or steps sent
/// from other threads wait in the inbox (it goes behind them, and they are all drained now, so
/// that a sender that moved to the main actor keeps its order).
struct StepIntake: Equatable {
  enum State: Equatable {
    /// Nothing is being received.
    case idle
    /// One step is being received; `joined`: steps emitted meanwhile wait in the inbox for it.
    case receiving(joined: Bool)
    /// The inbox is being drained until it is empty.
    case draining
  }

  /// What to do with a step emitted on the main actor.
  enum Arrival: Equatable {
    /// Receive it now, then call ``received()``.
    case receiveNow
    /// Put it in the inbox, for the drain running now: nothing else to do.
    case joinRunningDrain
    /// Put it in the inbox behind the steps waiting there, drain them all, then call
    /// ``drained()``.
    case drainFirst
  }

  /// What to do once the step received now is handled.
  enum AfterReceiving: Equatable {
    /// Nothing: the intake is idle again.
    case done
    /// Steps joined meanwhile: drain the inbox, then call ``drained()``.
    case drain
  }

  private(set) var state = State.idle

  /// A step emitted on the main actor; `inboxHasWaiting`: steps from other threads wait in the
  /// inbox (asked only when the intake is idle).
  mutating func stepEmitted(inboxHasWaiting: @autoclosure () -> Bool) -> Arrival {
    switch state {
    case .idle:
      if inboxHasWaiting() {
        state = .draining
        return .drainFirst
      }
      state = .receiving(joined: false)
      return .receiveNow
    case .receiving:
      state = .receiving(joined: true)
      return .joinRunningDrain
    case .draining:
      return .joinRunningDrain
    }
  }

  /// The step received now is handled.
  mutating func received() -> AfterReceiving {
    if case .receiving(joined: true) = state {
      state = .draining
      return .drain
    }
    state = .idle
    return .done
  }

  /// A drain was scheduled (steps came from other threads): `true` when it runs now; `false`
  /// when a step is being received or a drain runs, which takes them before it stops.
  mutating func drainScheduled() -> Bool {
    guard state == .idle else { return false }
    state = .draining
    return true
  }

  /// The drain found the inbox empty: idle again.
  mutating func drained() {
    state = .idle
  }
}
