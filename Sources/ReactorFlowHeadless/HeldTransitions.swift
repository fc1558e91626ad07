import ReactorFlow

/// What a window holds while a `FlowCoordinator` applies a step (see `TransitionHold`): the ends
/// of its transitions (`viewDidAppear`, `viewDidDisappear`) and the completions of `present` and
/// `dismiss`, run in order once the hold is released.
///
/// An object of its own rather than part of the window's state: it is what registers with the
/// hold, and nothing references it weakly (screens reference their window weakly), so retaining
/// it for the hold is a plain increment, not the runtime's slow path (measured with callgrind:
/// ~150 instructions per step).
@MainActor
final class HeldTransitions: TransitionHolder {
  private struct State {
    /// The ends to run, in order, from `cursor` on. An end is moved out, leaving `nil`, when it
    /// runs: a step applied from one of them holds behind the rest, and whichever run comes
    /// last runs them all (the cursor is shared).
    var ends: [(screen: Screen, animated: Bool)?] = []
    var cursor = 0
    var completions: [() -> Void] = []
    /// Whether the hold will tell this object to run what it holds.
    var isRegistered = false
  }
  private let hot = MainActorCell(State())

  /// Holds the end of `screen`'s transition.
  func holdEnd(of screen: consuming Screen, animated: Bool) {
    hot.contents.ends.append((screen, animated))
  }

  /// Holds completions, to run after the ends.
  func holdCompletions(_ completions: [() -> Void]) {
    hot.contents.completions.append(contentsOf: completions)
  }

  /// Registers with the hold, once per hold.
  func register() {
    guard !hot.contents.isRegistered else { return }
    hot.contents.isRegistered = true
    TransitionHold.register(self)
  }

  /// Ends the held transitions, then runs the held completions, in order.
  func runHeldTransitions() {
    hot.contents.isRegistered = false
    while hot.contents.cursor < hot.contents.ends.count {
      // Moved out, not copied: no retain and release of the screen.
      let held = hot.contents.ends[hot.contents.cursor].take()
      hot.contents.cursor += 1
      if let (screen, animated) = held { screen.endAppearanceTransition(animated: animated) }
    }
    if hot.contents.cursor > 0 {
      while !hot.contents.ends.isEmpty { hot.contents.ends.removeLast() }
      hot.contents.cursor = 0
    }
    while !hot.contents.completions.isEmpty {
      let completion = hot.contents.completions.removeFirst()
      completion()
    }
  }
}
