import Testing

@testable import ReactorFlow

/// Not `Sendable`: a `.run` operation runs on the main actor, so it may send it.
final class Payload {
  let value: Int
  init(_ value: Int) { self.value = value }
}

/// What a `.run` operation saw of its isolation, step by step.
@MainActor
final class IsolationLog {
  var entries: [String] = []
}

/// A nonisolated async function: Swift runs it off the main actor.
nonisolated func workOffTheMainActor() async -> Bool {
  isOnMainActor()
}

/// Sends from a nonisolated function: the send hops to the main actor.
nonisolated func sendFromElsewhere(_ send: Send<RunIsolationReactor.Mutation>) async {
  await send(.note("sent off the main actor: \(!isOnMainActor())"))
}

final class RunIsolationReactor: Reactor {
  enum Action { case start, startWaiting(Gate), sendFromElsewhere, bump }
  enum Mutation {
    case set(Payload)
    case note(String)
    case bump
  }
  struct State {
    var count = 0
    var notes: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<RunIsolationReactor>()
  let log = IsolationLog()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .run { [log] send in
        log.entries.append("operation on the main actor: \(isOnMainActor())")
        // No `await`: the operation runs on the main actor, as the reactor does.
        let count = self.currentState.count
        let offMain = await workOffTheMainActor()
        log.entries.append("awaited function on the main actor: \(offMain)")
        log.entries.append("back on the main actor: \(isOnMainActor())")
        await send(.set(Payload(count + 41)))
        log.entries.append("sent, count now \(self.currentState.count)")
      }
    case .startWaiting(let gate):
      return .run { send in
        try await gate.wait()
        await send(.note("opened"))
      }
    case .sendFromElsewhere:
      return .run { send in await sendFromElsewhere(send) }
    case .bump:
      return .just(.bump)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .set(let payload): newState.count = payload.value
    case .note(let note): newState.notes.append(note)
    case .bump: newState.count += 1
    }
    return newState
  }
}

@MainActor
@Suite("Reactor: where a .run operation runs", .checksLeaks)
struct RunIsolationTests {
  @Test("the operation runs on the main actor; what it awaits runs where that function is isolated")
  func operationOnTheMainActor() async {
    let reactor = RunIsolationReactor()
    reactor.send(.bump)
    reactor.send(.start)
    await reactor.store.waitUntilIdle()
    #expect(
      reactor.log.entries == [
        "operation on the main actor: true",
        "awaited function on the main actor: false",
        "back on the main actor: true",
        "sent, count now 42",
      ])
    #expect(reactor.currentState.count == 42)
  }

  @Test("the main actor is free while the operation waits")
  func mainActorFreeWhileWaiting() async {
    let reactor = RunIsolationReactor()
    let gate = Gate()
    reactor.send(.startWaiting(gate))
    reactor.send(.bump)
    // Handled before `send` returned, while the operation waits for the gate.
    #expect(reactor.currentState.count == 1)
    #expect(reactor.currentState.notes == [])
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.notes == ["opened"])
  }

  @Test("a send from off the main actor hops to it and is reduced there")
  func sendFromOffTheMainActor() async {
    let reactor = RunIsolationReactor()
    reactor.send(.sendFromElsewhere)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.notes == ["sent off the main actor: true"])
  }
}
