import Clocks
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A search screen as ReactorKit users write it: the query actions are debounced in
/// `transform(action:)`, the other actions go straight through.
final class SearchReactor: Reactor {
  enum Action: Sendable, Equatable {
    case updateQuery(String)
    case clear

    var isQuery: Bool {
      if case .updateQuery = self { return true }
      return false
    }
  }
  enum Mutation {
    case setQuery(String)
    case setResults([String])
  }
  struct State {
    var query = ""
    var results: [String] = []
    /// Every query searched, in order.
    var searches: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<SearchReactor>()
  let clock: any Clock<Duration>
  let catalog = ["react", "reactor", "flow", "rx"]

  init(clock: any Clock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    let queries = action.filter(\.isQuery).debounce(for: .milliseconds(300), clock: clock)
    let others = action.filter { !$0.isQuery }
    return .merge(queries, others)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(.just(.setQuery(query)), .just(.setResults(catalog.filter { $0.hasPrefix(query) })))
    case .clear:
      return .concat(.just(.setQuery("")), .just(.setResults([])))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setQuery(let query):
      newState.query = query
      if !query.isEmpty { newState.searches.append(query) }
    case .setResults(let results): newState.results = results
    }
    return newState
  }
}

/// A reactor whose `transform(action:)` and `transform(mutation:)` rewrite and drop elements.
final class RewritingReactor: Reactor {
  enum Action: Sendable { case add(Int), ignore, double(Int) }
  enum Mutation { case add(Int), log(String) }
  struct State {
    var total = 0
    var log: [String] = []
  }
  let initialState = State()
  let store = ReactorStore<RewritingReactor>()

  func transform(action: Effect<Action>) -> Effect<Action> {
    // Drops `.ignore`; rewrites `.double(n)` as `.add(2n)`.
    action.compactMap { action in
      switch action {
      case .ignore: nil
      case .double(let value): .add(value * 2)
      case .add: action
      }
    }
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    // Logs each addition after it (map and merge of the reactor's own stream).
    .merge(
      mutation,
      mutation.compactMap { mutation in
        if case .add(let value) = mutation { return .log("+\(value)") }
        return nil
      })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let value): .just(.add(value))
    case .ignore, .double: .just(.log("not transformed"))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .add(let value): newState.total += value
    case .log(let line): newState.log.append(line)
    }
    return newState
  }
}

/// A button whose taps are throttled in `transform(action:)`.
final class ThrottledTapReactor: Reactor {
  enum Action: Sendable { case tap(Int) }
  struct State { var taps: [Int] = [] }
  let initialState = State()
  let store = ReactorStore<ThrottledTapReactor>()
  let clock: any Clock<Duration>
  let latest: Bool

  init(clock: any Clock<Duration>, latest: Bool) {
    self.clock = clock
    self.latest = latest
  }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.throttle(for: .seconds(1), clock: clock, latest: latest)
  }

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .tap(let value): newState.taps.append(value)
    }
    return newState
  }
}

/// A reactor whose `mutate` applies operators to its effects.
final class OperatorReactor: Reactor {
  enum Action: Sendable { case numbers, burst, debounced, cancel }
  enum Mutation: Sendable { case append(Int) }
  struct State { var values: [Int] = [] }
  let initialState = State()
  let store = ReactorStore<OperatorReactor>()
  let clock: any Clock<Duration>
  let queries = PublishRelay<Int>()

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .numbers:
      // The transform runs when its element is reached: it sees the earlier ones reduced.
      return Effect<Int>.from([1, 2, 3])
        .filter { $0 != 2 }
        .map { [unowned self] in $0 * 10 + currentState.values.count }
        .map(Mutation.append)
    case .burst:
      return Effect<Int>.from([1, 2, 3]).debounce(for: .seconds(1), clock: clock)
        .map(Mutation.append)
    case .debounced:
      return Effect.from(queries).debounce(for: .seconds(1), clock: clock)
        .map(Mutation.append)
        .cancellable(id: "request")
    case .cancel:
      return .cancel(id: "request")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .append(let value): newState.values.append(value)
    }
    return newState
  }
}

/// Behaviour of the stream operators in `transform` hooks and in `mutate`, in a ReactorKit
/// (RxSwift) user's terms.
@MainActor
@Suite("Parity with ReactorKit: Effect operators", .checksLeaks)
struct EffectOperatorParityTests {
  @Test("a search screen debounces its query actions in transform(action:); others pass at once")
  func searchDebounce() async {
    let clock = TestClock()
    let reactor = SearchReactor(clock: clock)
    reactor.send(.updateQuery("r"))
    reactor.send(.updateQuery("re"))
    reactor.send(.updateQuery("rea"))
    // Nothing searched yet: the queries are held back.
    #expect(reactor.currentState.searches.isEmpty)
    await clock.advanceAfterSleeping(by: .milliseconds(299))
    #expect(reactor.currentState.searches.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await reactor.store.waitUntilIdle()
    // Only the last query of the burst is searched.
    #expect(reactor.currentState.searches == ["rea"])
    #expect(reactor.currentState.results == ["react", "reactor"])
    // The other actions are not debounced: handled before send returns.
    reactor.send(.clear)
    #expect(reactor.currentState.query.isEmpty)
    #expect(reactor.currentState.results.isEmpty)
    // A new query after a pause is searched once its own wait is over.
    reactor.send(.updateQuery("f"))
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.searches == ["rea", "f"])
    #expect(reactor.currentState.results == ["flow"])
  }

  @Test("a query held back when the reactor is released is dropped; nothing leaks")
  func debounceReleased() async {
    let clock = TestClock()
    var reactor: SearchReactor? = SearchReactor(clock: clock)
    reactor?.send(.updateQuery("r"))
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
  }

  @Test("transform(action:) and transform(mutation:) rewrite and drop elements synchronously")
  func rewritingTransforms() {
    let reactor = RewritingReactor()
    reactor.send(.add(1))
    reactor.send(.ignore)
    reactor.send(.double(5))
    // Handled before send returns, as in ReactorKit (no scheduler hop).
    #expect(reactor.currentState.total == 11)
    #expect(reactor.currentState.log == ["+1", "+10"])
  }

  @Test("map/filter on mutate's effect: applied when each element is reached, in order")
  func mapFilterInMutate() {
    let reactor = OperatorReactor(clock: TestClock())
    reactor.send(.numbers)
    // 1 → 10 + 0 (nothing reduced yet); 2 dropped; 3 → 30 + 1 (one value reduced before).
    #expect(reactor.currentState.values == [10, 31])
  }

  @Test("throttle: the first element at once, the latest of the window when it closes")
  func throttleLatest() async {
    let clock = TestClock()
    let reactor = ThrottledTapReactor(clock: clock, latest: true)
    reactor.send(.tap(1))
    #expect(reactor.currentState.taps == [1])
    reactor.send(.tap(2))
    reactor.send(.tap(3))
    #expect(reactor.currentState.taps == [1])
    await clock.advanceAfterSleeping(by: .seconds(1))
    // 3 went on when the window closed, and opened the next one (the timer's task hands it to
    // the main actor: the task count alone does not say when).
    await expectEventually { reactor.currentState.taps == [1, 3] }
    #expect(reactor.currentState.taps == [1, 3])
    reactor.send(.tap(4))
    #expect(reactor.currentState.taps == [1, 3])
    await clock.advanceAfterSleeping(by: .seconds(1))
    await expectEventually { reactor.currentState.taps == [1, 3, 4] }
    // A window with nothing held back closes quietly; the next tap goes on at once.
    await clock.advanceAfterSleeping(by: .seconds(1))
    await reactor.store.waitUntilIdle()
    reactor.send(.tap(5))
    #expect(reactor.currentState.taps == [1, 3, 4, 5])
  }

  @Test("throttle without latest drops the elements of the window")
  func throttleFirst() async {
    let clock = TestClock()
    let reactor = ThrottledTapReactor(clock: clock, latest: false)
    reactor.send(.tap(1))
    reactor.send(.tap(2))
    await clock.advanceAfterSleeping(by: .seconds(1))
    await reactor.store.waitUntilIdle()
    reactor.send(.tap(3))
    #expect(reactor.currentState.taps == [1, 3])
  }

  @Test("a debounce cancelled by id drops the element it holds back; otherwise it goes on")
  func debounceCancelled() async {
    let clock = TestClock()
    let reactor = OperatorReactor(clock: clock)
    reactor.send(.debounced)
    reactor.queries.accept(7)
    // The timer holds 7 back.
    await clock.advanceAfterSleeping(by: .zero)
    reactor.send(.cancel)
    await reactor.store.waitUntilIdle()
    await clock.run()
    #expect(reactor.currentState.values.isEmpty)
    // Not cancelled: the last element of a burst goes on after the wait.
    reactor.send(.debounced)
    reactor.queries.accept(8)
    await clock.advanceAfterSleeping(by: .seconds(1))
    // The relay's operation goes on; the timer's task hands 8 on to the main actor.
    await expectEventually { reactor.currentState.values == [8] }
    reactor.send(.cancel)
    await reactor.store.waitUntilIdle()
  }

  @Test("debounce of an effect that ends: the element held back goes on when it ends (RxSwift)")
  func debounceFlushesAtEnd() {
    let reactor = OperatorReactor(clock: TestClock())
    reactor.send(.burst)
    #expect(reactor.currentState.values == [3])
    #expect(reactor.store.tasksInFlight == 0)
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Returns once something sleeps on this clock (advancing it by nothing).
  fileprivate func checkSuspensionUntilSleeping() async {
    await advanceAfterSleeping(by: .zero)
  }
}
