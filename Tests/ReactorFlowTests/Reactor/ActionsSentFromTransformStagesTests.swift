import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor whose `transform(action:)` stages send an action while they handle one: the
/// `map` sends `.second` when it sees `.first`.
final class EchoingTransformReactor: Reactor {
  enum Action: Sendable, Equatable {
    case first
    case second
  }
  struct State: Sendable {
    var log: [Action] = []
  }

  let initialState = State()
  let store = ReactorStore<EchoingTransformReactor>()
  /// Elements of a stream merged in `transform(action:)`, mapped by the same stage.
  let merged = PublishRelay<Action>()

  func transform(action: Effect<Action>) -> Effect<Action> {
    .merge(action, .from(merged)).map { [unowned self] action in
      if action == .first { send(.second) }
      return action
    }
  }

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }
}

@MainActor
@Suite(
  "Reactor: an action sent from a transform(action:) stage is handled after the current one", .checksLeaks)
struct ActionsSentFromTransformStagesTests {
  @Test("sent from a map of the reactor's own stream, it is handled after the mapped action")
  func sentWhileMappingASentAction() {
    let reactor = EchoingTransformReactor()
    reactor.send(.first)
    #expect(reactor.currentState.log == [.first, .second])
  }

  @Test("sent from a map of a merged stream, it is handled after the mapped action")
  func sentWhileMappingAMergedElement() async {
    let reactor = EchoingTransformReactor()
    _ = reactor.currentState
    reactor.merged.accept(.first)
    for await state in reactor.state where state.log.count == 2 { break }
    #expect(reactor.currentState.log == [.first, .second])
  }

  @Test("sent from reduce, it goes through the stages after the current action")
  func sentFromReduce() {
    let reactor = EchoingTransformReactor()
    let echo = reactor.observeState { state in
      if state.log == [.first, .second] { reactor.send(.second) }
    }
    defer { echo.dispose() }
    reactor.send(.first)
    #expect(reactor.currentState.log == [.first, .second, .second])
  }
}
