import ReactorFlow

/// What a window holds while a `FlowCoordinator` applies a step (see `TransitionHold`): the ends
/// of its transitions (`viewDidAppear`, `viewDidDisappear`) and the completions of `present` and
/// `dismiss`, run in order once the hold is released.
///
/// An object of its own rather than part of the window's state: it is what registers with the
/// hold, and nothing references it weakly (screens reference their window weakly), so retaining
/// it for the hold is a plain increment, not the runtime's slow path (the cost of each is in
/// docs/MEASUREMENTS.md).
@MainActor
final class HeldTransitions: TransitionHolder {
  // Main actor only, and no access spans a call that could reach the same one (an end or a
  // completion is moved out before it runs): no run-time exclusivity checks needed.
  /// The ends to run, in order, from `cursor` on. An end is moved out, leaving `nil`, when it
  /// runs: a step applied from one of them holds behind the rest, and whichever run comes last
  /// runs them all (the cursor is shared).
  @exclusivity(unchecked) private var ends: [(screen: Screen, animated: Bool)?] = []
  @exclusivity(unchecked) private var cursor = 0
  @exclusivity(unchecked) private var completions: [() -> Void] = []
  /// Whether the hold will tell this object to run what it holds.
  @exclusivity(unchecked) private var isRegistered = false

  /// Holds the end of `screen`'s transition.
  func holdEnd(of screen: consuming Screen, animated: Bool) {
    ends.append((screen, animated))
  }

  /// Holds completions, to run after the ends.
  func holdCompletions(_ completions: [() -> Void]) {
    self.completions.append(contentsOf: completions)
  }

  /// Registers with the hold, once per hold.
  func register() {
    guard !isRegistered else { return }
    isRegistered = true
    TransitionHold.register(self)
  }

  /// Ends the held transitions, then runs the held completions, in order.
  func runHeldTransitions() {
    isRegistered = false
    while cursor < ends.count {
      // Moved out, not copied: no retain and release of the screen.
      let held = ends[cursor].take()
      cursor += 1
      if let (screen, animated) = held { screen.endAppearanceTransition(animated: animated) }
    }
    if cursor > 0 {
      while !ends.isEmpty { ends.removeLast() }
      cursor = 0
    }
    while !completions.isEmpty {
      let completion = completions.removeFirst()
      completion()
    }
  }
}
