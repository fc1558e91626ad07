/// While a coordinator applies a step, the screen tree holds the end of the transitions the step
/// makes — `viewDidAppear`, `viewDidDisappear`, the completions of `present` and `dismiss` —
/// until the step's contributions are connected.
///
/// UIKit runs them once the transition is over, later in the run loop, so a screen that emits a
/// step from its `viewDidAppear` (a launch screen's timer, an analytics step) is already
/// listened to by the coordinator that contributed it. The headless tree applies a change at
/// once; without the hold, that step would be emitted before anyone listens, and lost.
///
/// Package access: the coordinator opens and closes the hold; the headless tree's window asks
/// it to run (or hold) the end of each change. Main actor only.
@MainActor
package enum TransitionHold {
  private static let state = MainActorCell(State())

  private struct State {
    var depth = 0
    var held: [() -> Void] = []
  }

  /// Whether a coordinator is applying a step now.
  package static var isHolding: Bool { state.value.depth > 0 }

  /// Runs `body` now, or — while a step is applied — once it is.
  package static func run(_ body: @escaping () -> Void) {
    if state.value.depth > 0 {
      state.value.held.append(body)
    } else {
      body()
    }
  }

  /// Opens the hold for the step about to be applied (holds nest).
  static func begin() {
    state.value.depth += 1
  }

  /// Closes it; the last one out runs what was held, first held first. A held body may apply a
  /// step of its own (it emitted one): that step holds what it changes behind what is already
  /// held, and whichever hold closes last runs the rest.
  static func end() {
    state.value.depth -= 1
    while state.value.depth == 0, !state.value.held.isEmpty {
      let body = state.value.held.removeFirst()
      body()
    }
  }
}
