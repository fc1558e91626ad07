import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor written with a computed `store`: a new store on every read.
final class ComputedStoreReactor: Reactor {
  enum Action { case increase }
  struct State { var value = 0 }
  let initialState = State()
  var store: ReactorStore<ComputedStoreReactor> { ReactorStore() }
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.value += 1
    return newState
  }
}

/// A reactor with a pulse, for the pulse sequence's lifetime.
final class AlertReactor: Reactor {
  enum Action { case alert(String) }
  struct State: Sendable {
    @Pulse var message: String? = nil
  }
  let initialState = State()
  let store = ReactorStore<AlertReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .alert(let message): newState.message = message
    }
    return newState
  }
}

@MainActor
@Suite("Reactor: misuse and lifetime of the reactor's streams", .checksLeaks)
struct ReactorMisuseTests {
  @Test("a computed `store` is reported with how to fix it, instead of losing every change")
  func computedStoreIsReported() async {
    let diagnostics = await withDiagnostics {
      let reactor = ComputedStoreReactor()
      reactor.send(.increase)
    }
    #expect(diagnostics.first == .reactor(.storeNotStored(reactor: "ComputedStoreReactor")))
    // The case's text says how to fix it.
    #expect(
      diagnostics.first?.message.contains(
        "Declare it as a stored property: `let store = ReactorStore<ComputedStoreReactor>()`") == true)
  }

  @Test("pulses(_:) ends when its reactor is released", .timeLimit(.minutes(5)))
  func pulsesEndWithReactor() async {
    var reactor: AlertReactor? = AlertReactor()
    let pulses = reactor!.pulses(\.$message)
    reactor!.send(.alert("one"))
    reactor = nil
    var received: [String?] = []
    for await message in pulses { received.append(message) }
    #expect(received == ["one"])
  }

  @Test("processPendingActions() then release: the scheduled drain reports nothing")
  func noFalseAlarmAfterManualDrain() async {
    let diagnostics = await withDiagnostics {
      var reactor: CounterReactor? = CounterReactor()
      reactor!.action.accept(.increase)
      reactor!.processPendingActions()
      #expect(reactor!.currentState.value == 1)
      reactor = nil
      // The drain scheduled by `accept` is ahead of this task on the main actor.
      await Task { @MainActor in }.value
    }
    #expect(diagnostics.isEmpty)
  }
}
