import ConcurrencyExtras
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// An action sent through `reactor.action` from another thread is handled on the main actor in a
// task that its sender started, where the task-local values of the code that made the reactor's
// entry point are not bound. What the action makes must still be recorded by the test's leak
// recorder, and what it reports must still reach the diagnostics handler.

/// A reactor whose action makes a screen and reports a diagnostic while it is handled.
private final class MakingReactor: Reactor {
  enum Action: Sendable { case make(String) }
  struct State { var made = 0 }
  let initialState = State()
  let store = ReactorStore<MakingReactor>()
  var screens: [Screen] = []

  func mutate(action: Action) -> Effect<Action> {
    if case .make(let title) = action {
      screens.append(Screen(title: title))
      ReactorFlowDiagnostics.emit("made \(title)")
    }
    return .just(action)
  }

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.made += 1
    return newState
  }
}

@MainActor
@Suite("Reactor: an action drained off the main actor keeps the task-local values", .checksLeaks)
struct ActionsFromOtherThreadsKeepTaskLocalsTests {
  @Test("an action from a detached task: what it makes is leak-checked, what it reports reaches the handler")
  func detachedAction() async {
    let recorder = LiveObjects()
    let reported = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
    let handler = ReactorFlowDiagnostics.Handler { diagnostic in reported.withValue { $0.append(diagnostic) }
    }
    let reactor = MakingReactor()
    let action = LiveObjects.$recorder.withValue(recorder) {
      ReactorFlowDiagnostics.$handler.withValue(handler) { reactor.action }
    }
    // Outside the bindings from here on: the sender is a detached task, as a network callback is.
    await Task.detached { action.accept(.make("from another thread")) }.value
    await expectEventually { reactor.currentState.made == 1 }
    #expect(recorder.alive.contains("Screen \"from another thread\""), "recorded: \(recorder.alive)")
    #expect(reported.value == [.text("made from another thread")])
  }
}
