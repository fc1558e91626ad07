import ReactorFlow
import ReactorFlowTesting
import Testing

final class CountingReactor: Reactor {
  enum Action: Sendable { case tick(sender: Int, sequence: Int) }
  struct State {
    var total = 0
    var lastSequence = [Int](repeating: -1, count: 8)
    var outOfOrder = 0
  }
  let initialState = State()
  let store = ReactorStore<CountingReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .tick(let sender, let sequence):
      newState.total += 1
      if sequence != newState.lastSequence[sender] + 1 { newState.outOfOrder += 1 }
      newState.lastSequence[sender] = sequence
    }
    return newState
  }
}

@MainActor
@Suite("Reactor: isolation and the Sendable entry point", .checksLeaks)
struct ConcurrencyTests {
  @Test("1,000,000 actions from 8 concurrent tasks: none lost, each sender's order kept")
  func millionActions() async {
    let reactor = CountingReactor()
    let action = reactor.action
    let perSender = 125_000
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for sequence in 0..<perSender {
            action.accept(.tick(sender: sender, sequence: sequence))
          }
        }
      }
    }
    reactor.processPendingActions()
    #expect(reactor.currentState.total == 1_000_000)
    #expect(reactor.currentState.outOfOrder == 0)
    #expect(reactor.currentState.lastSequence == [Int](repeating: perSender - 1, count: 8))
  }

  @Test("an action sent from another task is handled on the main actor without a manual drain")
  func drainsByItself() async {
    let reactor = CountingReactor()
    let action = reactor.action
    await Task.detached { action.accept(.tick(sender: 0, sequence: 0)) }.value
    for await state in reactor.state where state.total == 1 { break }
    #expect(reactor.currentState.total == 1)
  }
}

@MainActor
@Suite("Reactor: misuse of the Sendable entry point", .checksLeaks)
struct ReleasedReactorTests {
  @Test("actions sent to a reactor released before it handled them are reported, not silently lost")
  func sendToReleasedReactor() async {
    // The drain reports on the main actor: wait for that report, not for a number of turns.
    let diagnostics = await withDiagnostics(waitingFor: 1) {
      var reactor: CountingReactor? = CountingReactor()
      let action = reactor!.action
      reactor = nil
      // Off the main actor (a child task keeps the diagnostics handler): queued, then dropped.
      await withTaskGroup(of: Void.self) { group in
        // One action: two could be reported in one batch or two, as the drain races the sends.
        group.addTask { action.accept(.tick(sender: 0, sequence: 0)) }
      }
    }
    #expect(diagnostics == [.reactor(.actionsAfterRelease(reactor: "CountingReactor", count: 1))])
  }
}
