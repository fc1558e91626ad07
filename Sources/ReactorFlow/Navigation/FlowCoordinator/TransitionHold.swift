/// While a coordinator applies a step, the screen tree holds the end of the transitions the step
/// makes — `viewDidAppear`, `viewDidDisappear`, the completions of `present` and `dismiss` —
/// until the step's contributions are connected.
///
/// UIKit runs them once the transition is over, later in the run loop, so a screen that emits a
/// step from its `viewDidAppear` (a launch screen's timer, an analytics step) is already
/// listened to by the coordinator that contributed it. The headless tree applies a change at
/// once; without the hold, that step would be emitted before anyone listens, and lost.
///
/// Package access: the coordinator opens and closes the hold; each window of the headless tree
/// keeps what it holds in an object of its own, which registers to be told when to run it. Main
/// actor only. Holders are registered by reference rather than as closures: closures cost an
/// order of magnitude more per step (docs/MEASUREMENTS.md).
@MainActor
package enum TransitionHold {
  /// Main-actor state, touched on every step (see ``MainActorCell``). No access spans a call that
  /// could reach it: the holders are moved out before they are told.
  struct State {
    var depth = 0
    /// The first holder to tell — usually the only one: kept out of the array, it costs no
    /// array traffic, and it is moved out (not copied) when told.
    var first: (any TransitionHolder)?
    /// The holders to tell after it, in the order they first held something; `next` is the
    /// first one not told yet, and `waiting` how many are not told yet.
    var others: [any TransitionHolder] = []
    var next = 0
    var waiting = 0
  }
  /// The one state. A coordinator keeps a reference to it and hands it to ``begin(_:)`` and
  /// ``end(_:)``: a static whose value is an object is made on first use, and each read of it
  /// checks that it was.
  static let state = MainActorCell(State())

  /// Whether a coordinator applies a step now: what ends a transition must be held.
  package static var isHolding: Bool { state.value.depth > 0 }

  /// Tells `holder` to run what it holds once the hold is released. Register once per hold
  /// (the holder remembers it registered until it is told).
  package static func register(_ holder: any TransitionHolder) {
    let state = self.state
    // The slot is taken only when nothing waits in `others`: a holder registered while others
    // wait is told after them.
    if state.value.first == nil, state.value.waiting == 0 {
      state.value.first = holder
    } else {
      state.value.others.append(holder)
      state.value.waiting += 1
    }
  }

  /// Opens the hold for the step about to be applied (holds nest).
  static func begin(_ state: MainActorCell<State> = state) {
    state.value.depth += 1
  }

  /// Closes it; the last one out tells the holders, first registered first. A holder may apply
  /// a step of its own while it runs what it held (a screen emitted one): that step's hold
  /// registers behind the others, and whichever release comes last tells the rest.
  static func end(_ state: MainActorCell<State> = state) {
    state.value.depth -= 1
    while state.value.depth == 0 {
      if let holder = state.value.first.take() {
        holder.runHeldTransitions()
      } else if state.value.waiting > 0 {
        let holder = state.value.others[state.value.next]
        state.value.next += 1
        state.value.waiting -= 1
        holder.runHeldTransitions()
      } else {
        break
      }
    }
    if state.value.depth == 0, state.value.next > 0, state.value.waiting == 0 {
      // Usually one holder: `removeLast` is cheaper than `removeAll(keepingCapacity:)`.
      while !state.value.others.isEmpty { state.value.others.removeLast() }
      state.value.next = 0
    }
  }
}

/// What keeps the ends of transitions during a ``TransitionHold`` (for a window of the headless
/// tree, its held transitions).
@MainActor
package protocol TransitionHolder: AnyObject {
  /// Runs what it held, in order, and forgets that it registered.
  func runHeldTransitions()
}
