import ReactorFlow
import ReactorFlowTesting
import Testing

/// A sequence that counts its subscriptions (`makeAsyncIterator`) and yields one element.
final class SubscriptionCountingSequence: AsyncSequence, @unchecked Sendable {
  typealias Element = Int
  var subscriptions = 0
  struct Iterator: AsyncIteratorProtocol {
    var done = false
    mutating func next() async -> Int? {
      defer { done = true }
      return done ? nil : 1
    }
  }
  func makeAsyncIterator() -> Iterator {
    subscriptions += 1
    return Iterator()
  }
}

/// `mutate` returns the same stored effects on every action: a sequence (mapped), and a relay
/// (mapped, then delayed on a test clock) in two merge branches.
final class StoredEffectsReactor: Reactor {
  enum Action: Sendable { case go }
  enum Mutation: Sendable { case got(String) }
  struct State: Sendable { var got: [String] = [] }

  let initialState = State()
  let store = ReactorStore<StoredEffectsReactor>()
  let sequence = SubscriptionCountingSequence()
  let relay = PublishRelay<Int>()
  let stored: Effect<Mutation>

  init(relayed: Bool) {
    if relayed {
      let fromRelay = Effect.from(relay).map { Mutation.got("relay \($0)") }
      stored = .merge(
        fromRelay, fromRelay.map { m in if case .got(let s) = m { .got("mapped " + s) } else { m } })
    } else {
      stored = Effect.from(sequence).map { Mutation.got("sequence \($0)") }
    }
  }

  func mutate(action: Action) -> Effect<Mutation> { stored }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .got(let text) = mutation { state.got.append(text) }
    return state
  }
}

@MainActor
@Suite("A stored effect starts its operations each time it is walked, not when it is made")
struct StoredEffectsStartTheirOperationsAtEachWalkTests {
  @Test("a sequence is subscribed at each walk, never at construction")
  func sequenceSubscribedPerWalk() async {
    let reactor = StoredEffectsReactor(relayed: false)
    #expect(reactor.sequence.subscriptions == 0)
    reactor.send(.go)
    #expect(reactor.sequence.subscriptions == 1)
    reactor.send(.go)
    #expect(reactor.sequence.subscriptions == 2)
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.got == ["sequence 1", "sequence 1"])
  }

  @Test("a relay in two merge branches, through map stages: each branch has its own feed")
  func relayFedOncePerBranchPerWalk() async {
    let reactor = StoredEffectsReactor(relayed: true)
    reactor.send(.go)
    reactor.relay.accept(7)
    #expect(reactor.currentState.got == ["relay 7", "mapped relay 7"])
    reactor.send(.go)
    reactor.relay.accept(8)
    #expect(reactor.currentState.got.count == 6)
    #expect(reactor.currentState.got.filter { $0 == "relay 8" }.count == 2)
    #expect(reactor.currentState.got.filter { $0 == "mapped relay 8" }.count == 2)
  }
}
