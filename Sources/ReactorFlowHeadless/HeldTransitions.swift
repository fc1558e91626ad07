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
  /// What the hold keeps, in the cell through which main-actor state skips the run-time
  /// exclusivity checks (see `MainActorCell`): main actor only, and no access spans a call that
  /// could reach the same field (an end or a completion is moved out before it runs).
  private struct State {
    /// The ends to run, in order, from `cursor` on. An end is moved out, leaving `nil`, when it
    /// runs: a step applied from one of them holds behind the rest, and whichever run comes last
    /// runs them all (the cursor is shared).
    var ends: [(screen: Screen, animated: Bool)?] = []
    var cursor = 0
    var completions: [() -> Void] = []
    /// Whether the hold will tell this object to run what it holds.
    var isRegistered = false
  }
  private let state = MainActorCell(State())

  /// Holds the end of `screen`'s transition.
  func holdEnd(of screen: consuming Screen, animated: Bool) {
    state.contents.ends.append((screen, animated))
  }

  /// Holds completions, to run after the ends.
  func holdCompletions(_ completions: [() -> Void]) {
    state.contents.completions.append(contentsOf: completions)
  }

  /// Registers with the hold, once per hold.
  func register() {
    guard !state.contents.isRegistered else { return }
    state.contents.isRegistered = true
    TransitionHold.register(self)
  }

  /// Ends the held transitions, then runs the held completions, in order.
  func runHeldTransitions() {
    state.contents.isRegistered = false
    while state.contents.cursor < state.contents.ends.count {
      // Moved out, not copied: no retain and release of the screen.
      let held = state.contents.ends[state.contents.cursor].take()
      state.contents.cursor += 1
      if let (screen, animated) = held { screen.endAppearanceTransition(animated: animated) }
    }
    if state.contents.cursor > 0 {
      while !state.contents.ends.isEmpty { state.contents.ends.removeLast() }
      state.contents.cursor = 0
    }
    while !state.contents.completions.isEmpty {
      let completion = state.contents.completions.removeFirst()
      completion()
    }
  }
}
