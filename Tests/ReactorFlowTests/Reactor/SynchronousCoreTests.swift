import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor that records every step of the pipeline in a log.
final class LoggingReactor: Reactor {
  enum Action: Equatable, Sendable {
    case a, b, c
    case fromReduce, fromObserver
    case twoStep
  }
  enum Mutation {
    case record(Action)
    case step(Int)
  }
  struct State {
    var handled: [Action] = []
    var steps: [Int] = []
  }

  let initialState = State()
  let store = ReactorStore<LoggingReactor>()
  var log: [String] = []
  /// Sent from inside `reduce` when it handles `.fromReduce`.
  var sendFromReduce: Action?

  func mutate(action: Action) -> Effect<Mutation> {
    log.append("enter\(action)")
    switch action {
    case .twoStep:
      // Each mutation of a concat is reduced before the next is produced.
      return .concat(
        .just(.step(1)),
        .deferred { [unowned self] in
          log.append("produce2 after \(currentState.steps)")
          return .just(.step(2))
        })
    default:
      return .just(.record(action))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .record(let action):
      newState.handled.append(action)
      if action == .fromReduce, let next = sendFromReduce {
        sendFromReduce = nil
        send(next)
      }
      log.append("exit\(action)")
    case .step(let step):
      newState.steps.append(step)
    }
    return newState
  }
}

/// A reactor whose Mutation is its Action: `mutate` passes actions through.
final class PassThroughReactor: Reactor {
  enum Action { case add(Int) }
  struct State { var total = 0 }
  let initialState = State()
  let store = ReactorStore<PassThroughReactor>()

  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .add(let value): return State(total: state.total + value)
    }
  }
}

@MainActor
@Suite("Reactor: synchronous core and re-entrancy", .checksLeaks)
struct SynchronousCoreTests {
  @Test("Action == Mutation: mutate passes actions through")
  func passThrough() {
    let reactor = PassThroughReactor()
    reactor.send(.add(2))
    reactor.send(.add(3))
    #expect(reactor.currentState.total == 5)
  }

  @Test("currentState holds the new state before any observer runs")
  func stateBeforeObservers() {
    let reactor = LoggingReactor()
    var seenInObserver: [[LoggingReactor.Action]] = []
    let subscription = reactor.observeState { state in
      // The value passed and currentState agree, already at the first callback.
      #expect(reactor.currentState.handled == state.handled)
      seenInObserver.append(state.handled)
    }
    reactor.send(.a)
    #expect(seenInObserver == [[], [.a]])
    subscription.dispose()
  }

  @Test("each mutation of a concat is reduced before the next is produced")
  func concatReducesInOrder() {
    let reactor = LoggingReactor()
    reactor.send(.twoStep)
    #expect(reactor.currentState.steps == [1, 2])
    #expect(reactor.log == ["entertwoStep", "produce2 after [1]"])
  }

  @Test("re-entrant actions from reduce and from an observer are queued FIFO, not recursed")
  func reentrancyOrder() {
    let reactor = LoggingReactor()
    reactor.sendFromReduce = .b
    var observerSent = false
    let subscription = reactor.observe(\.handled.count) { count in
      if count == 1, !observerSent {
        observerSent = true
        reactor.send(.c)
      }
    }
    reactor.send(.fromReduce)
    // fromReduce's reduce sent b; its observer (count 1) sent c. Each ran after the previous
    // action had fully finished, before the outermost send returned.
    #expect(
      reactor.log == ["enterfromReduce", "exitfromReduce", "enterb", "exitb", "enterc", "exitc"])
    #expect(reactor.currentState.handled == [.fromReduce, .b, .c])
    subscription.dispose()
  }

  @Test("a re-entrancy storm terminates in FIFO order")
  func reentrancyStorm() {
    let reactor = PassThroughReactor()
    var seen: [Int] = []
    let subscription = reactor.observe(\.total) { total in
      seen.append(total)
      if total < 100 { reactor.send(.add(1)) }
    }
    #expect(reactor.currentState.total == 100)
    #expect(seen == Array(0...100))
    subscription.dispose()
  }
}
