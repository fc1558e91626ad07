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
  // Main-actor state, touched on every step: plain statics (initialized statically, so no
  // lazy-initialization check on each access) without run-time exclusivity checks — only the
  // main actor reaches them, and no access spans a call that could reach the same one (the
  // holders are moved out before they are told).
  @exclusivity(unchecked) private static var depth = 0
  /// The first holder to tell — usually the only one: kept out of the array, it costs no array
  /// traffic, and it is moved out (not copied) when told.
  @exclusivity(unchecked) private static var first: (any TransitionHolder)?
  /// The holders to tell after it, in the order they first held something; `next` is the first
  /// one not told yet, and `waiting` how many are not told yet (read instead of the array, whose
  /// empty initial value is set lazily: every access to it checks that it was).
  @exclusivity(unchecked) private static var others: [any TransitionHolder] = []
  @exclusivity(unchecked) private static var next = 0
  @exclusivity(unchecked) private static var waiting = 0

  /// Whether a coordinator applies a step now: what ends a transition must be held.
  package static var isHolding: Bool { depth > 0 }

  /// Tells `holder` to run what it holds once the hold is released. Register once per hold
  /// (the holder remembers it registered until it is told).
  package static func register(_ holder: any TransitionHolder) {
    // The slot is taken only when nothing waits in `others`: a holder registered while others
    // wait is told after them.
    if first == nil, waiting == 0 {
      first = holder
    } else {
      others.append(holder)
      waiting += 1
    }
  }

  /// Opens the hold for the step about to be applied (holds nest).
  static func begin() {
    depth += 1
  }

  /// Closes it; the last one out tells the holders, first registered first. A holder may apply
  /// a step of its own while it runs what it held (a screen emitted one): that step's hold
  /// registers behind the others, and whichever release comes last tells the rest.
  static func end() {
    depth -= 1
    while depth == 0 {
      if let holder = first.take() {
        holder.runHeldTransitions()
      } else if waiting > 0 {
        let holder = others[next]
        next += 1
        waiting -= 1
        holder.runHeldTransitions()
      } else {
        break
      }
    }
    if depth == 0, next > 0, waiting == 0 {
      // Usually one holder: `removeLast` is cheaper than `removeAll(keepingCapacity:)`.
      while !others.isEmpty { others.removeLast() }
      next = 0
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
