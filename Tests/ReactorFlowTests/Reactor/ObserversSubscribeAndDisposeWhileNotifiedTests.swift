import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor with two independent counters, for observers that filter on one of them.
final class TwoCountersReactor: Reactor {
  enum Action { case count, other }
  struct State {
    var count = 0
    var other = 0
  }
  let initialState = State()
  let store = ReactorStore<TwoCountersReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .count: newState.count += 1
    case .other: newState.other += 1
    }
    return newState
  }
}

/// Sends an action to its reactor from `deinit`.
final class SendsOnDeinit {
  weak var reactor: TwoCountersReactor?
  init(_ reactor: TwoCountersReactor) { self.reactor = reactor }
  deinit {
    let reactor = self.reactor
    MainActor.assumeIsolated { reactor?.send(.count) }
  }
}

@MainActor
@Suite("Reactor: the observer list (subscribe and dispose from inside notifications)", .checksLeaks)
struct ObserversSubscribeAndDisposeWhileNotifiedTests {
  @Test(
    "an observer that subscribes others while being notified (the slots grow) does not call a disposed one")
  func subscribeDuringNotificationGrowsSafely() {
    let reactor = TwoCountersReactor()
    let bag = DisposeBag()
    var calls: [String] = []
    var third: AnyDisposable?
    var added: [AnyDisposable] = []
    reactor.observe(\.count) { [weak reactor] count in
      calls.append("first \(count)")
      guard count == 1, let reactor else { return }
      // Four more observers: the slot memory grows while the loop is running.
      for _ in 0..<4 { added.append(reactor.observe(\.other) { _ in }) }
      third?.dispose()
    }
    .disposed(by: bag)
    reactor.observe(\.count) { calls.append("second \($0)") }.disposed(by: bag)
    third = reactor.observe(\.count) { calls.append("third \($0)") }
    reactor.observe(\.count) { calls.append("fourth \($0)") }.disposed(by: bag)
    calls.removeAll()
    reactor.send(.count)
    #expect(calls == ["first 1", "second 1", "fourth 1"])
    #expect(reactor.store.observerCount == 7)
    for subscription in added { subscription.dispose() }
  }

  @Test("an action sent from a deinit while an observer is removed reaches every other observer")
  func deinitDuringRemovalSeesConsistentList() {
    let reactor = TwoCountersReactor()
    var counts: [Int] = []
    // The first observer filters on `other` and holds the object whose deinit sends `.count`.
    let first = reactor.observe(\.other) { [sender = SendsOnDeinit(reactor)] _ in _ = sender }
    let second = reactor.observe(\.count) { counts.append($0) }
    first.dispose()
    #expect(counts == [0, 1])
    second.dispose()
  }

  @Test("random subscribe / dispose / send from inside notifications agree with a model")
  func fuzzAgainstModel() {
    for seed in 0..<200 {
      fuzzOnce(seed: UInt64(seed))
    }
  }

  private func fuzzOnce(seed: UInt64) {
    var generator = SplitMix64(startingAt: seed)
    let reactor = TwoCountersReactor()
    // Model: which observers are live, and what each should have seen.
    var live: [Int: AnyDisposable] = [:]
    var seen: [Int: [Int]] = [:]
    var firstValue: [Int: Int] = [:]
    var callsAtDisposal: [Int: Int] = [:]
    var nextID = 0
    var pendingSends = 0

    func subscribe() {
      let id = nextID
      nextID += 1
      seen[id] = []
      firstValue[id] = reactor.currentState.count
      live[id] = reactor.observe(\.count) { value in
        seen[id, default: []].append(value)
        react(to: id)
      }
    }
    func react(to id: Int) {
      // From inside a notification: sometimes subscribe, dispose someone, or send again.
      switch Int.random(in: 0..<8, using: &generator) {
      case 0: subscribe()
      case 1:
        if let victim = live.keys.randomElement(using: &generator) {
          live.removeValue(forKey: victim)?.dispose()
          callsAtDisposal[victim] = seen[victim]?.count
        }
      case 2 where pendingSends < 3:
        pendingSends += 1
        reactor.send(.count)
      default: break
      }
    }

    for _ in 0..<Int.random(in: 1...6, using: &generator) { subscribe() }
    for _ in 0..<Int.random(in: 1...6, using: &generator) {
      pendingSends = 0
      reactor.send(.count)
    }
    // Every observer saw its first value, then a strictly increasing run of counts, each one
    // the state at that moment, and nothing after it was disposed.
    for (id, values) in seen {
      #expect(values.first == firstValue[id])
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "observer \(id): \(values)")
      #expect(values.last ?? 0 <= reactor.currentState.count)
    }
    // A disposed observer was never called again.
    for (id, calls) in callsAtDisposal {
      #expect(seen[id]?.count == calls, "observer \(id) was called after it was disposed")
    }
    // Observers still live saw the final count.
    for id in live.keys {
      #expect(seen[id]?.last == reactor.currentState.count)
    }
    #expect(reactor.store.observerCount == live.count)
    for subscription in live.values { subscription.dispose() }
    #expect(reactor.store.observerCount == 0)
  }
}
