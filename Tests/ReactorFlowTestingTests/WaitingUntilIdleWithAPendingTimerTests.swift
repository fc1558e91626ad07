import Clocks
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A search whose actions are throttled in `transform(action:)`, on a clock the test passes.
final class ThrottledQueryReactor: Reactor {
  enum Action: Sendable { case search(String) }
  enum Mutation: Sendable { case setQuery(String) }
  struct State: Equatable { var query = "" }

  let initialState = State()
  let store = ReactorStore<ThrottledQueryReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.throttle(for: .seconds(1), clock: clock)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .search(let query): .just(.setQuery(query))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setQuery(let query): State(query: query)
    }
  }
}

/// A reactor that delays each query in `mutate`, on a clock the test passes.
final class DelayedQueryReactor: Reactor {
  enum Action: Sendable { case type(String) }
  enum Mutation: Sendable { case setQuery(String) }
  struct State: Equatable { var query = "" }

  let initialState = State()
  let store = ReactorStore<DelayedQueryReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let query): Effect.just(.setQuery(query)).delay(for: .milliseconds(300), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setQuery(let query): State(query: query)
    }
  }
}

@MainActor
@Suite("waitUntilIdle with a timer on a test clock: fails at once, naming the timer, instead of hanging")
struct WaitingUntilIdleWithAPendingTimerTests {
  /// What the failure says: the timer, its clock, how much it still waits, and how to go on.
  nonisolated private static func namesTheTimer(_ issue: Issue, _ words: [String]) -> Bool {
    let text = issue.comments.map(\.rawValue).joined()
    return words.allSatisfy(text.contains) && text.contains("advance")
  }

  @Test("an open throttle window on swift-clocks' TestClock")
  func throttleWindowOnTestClock() async {
    let clock = TestClock()
    let tester = ReactorTester(ThrottledQueryReactor(clock: clock), exhaustivity: .off)
    tester.send(.search("s"))  // goes through at once and opens a window of 1 s
    tester.send(.search("sw"))  // held for the window's end
    await withKnownIssue {
      await tester.waitUntilIdle()
    } matching: {
      Self.namesTheTimer($0, ["throttle", "1 s", "TestClock"])
    }
    // The window's end lets the held query through and opens a new window, which ends empty.
    // Each advance waits for the timer's task to sleep first: it may not have reached its sleep.
    await clock.advanceAfterSleeping(by: .seconds(1))
    await clock.advanceAfterSleeping(by: .seconds(1))
    await tester.waitUntilIdle()
    #expect(tester.reactor.currentState.query == "sw")
    #expect(tester.reactor.store.tasksInFlight == 0)
  }

  @Test("a delay on the library's CountingTestClock, through the store's guarded wait")
  func delayOnCountingTestClock() async {
    let clock = CountingTestClock()
    let reactor = DelayedQueryReactor(clock: clock)
    reactor.send(.type("swift"))
    await withKnownIssue {
      await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    } matching: {
      Self.namesTheTimer($0, ["delay", "300 ms", "CountingTestClock"])
    }
    await clock.advance(by: .milliseconds(300), afterSleepers: 1)
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.query == "swift")
  }

  @Test(
    "a clock advanced before the timer's task sleeps: the timer is not due, the wait fails at once")
  func clockAdvancedBeforeTheTimerSleeps() async {
    let clock = TestClock()
    let reactor = ThrottledQueryReactor(clock: clock)
    let tasks = reactor.store.tasks
    // A debounce timer recorded as the walk records it, on the main actor, whose task has not
    // reached its sleep: the order that a timer's task, running on another thread, may take.
    let spec = EffectTimerSpec(timing: .debounce, duration: .seconds(1), clock: clock)
    let token = tasks.withLock { $0.reserve() }
    _ = tasks.withLock {
      $0.insert(
        {}, token: token, scopes: [], isLongLived: false,
        role: .timer(PendingTimer(spec, waiting: .seconds(1))))
    }
    await clock.advance(by: .seconds(1))
    // Once the task sleeps, it sleeps a whole second from the advanced time: it is not due.
    await withKnownIssue {
      await reactor.store.waitUntilIdle(timeout: .seconds(5))
    } matching: {
      Self.namesTheTimer(
        $0, ["debounce", "1 s", "TestClock", "not started sleeping", "advanceAfterSleeping"])
    }
    // The task starts sleeping, as a timer's task does: its deadline is a second from now.
    let sleeper = Task {
      try? await PendingTimer(spec, waiting: .seconds(1)).sleep { @Sendable deadline in
        tasks.withLock { $0.timerSleeps(token: token, until: deadline) }
      }
    }
    await expectEventually("the timer sleeps") { reactor.store.timersNotDueOnly?.first?.remaining() != nil }
    await withKnownIssue {
      await reactor.store.waitUntilIdle(timeout: .seconds(5))
    } matching: {
      Self.namesTheTimer($0, ["debounce", "TestClock", "due once the clock has advanced 1 s more"])
    }
    await clock.advance(by: .seconds(1))
    await sleeper.value
    for waiter in tasks.withLock({ $0.remove(token) }) { waiter.resume() }
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("once the clock has passed the timer's deadline, the wait waits for the timer to end")
  func waitsForATimerThatIsDue() async {
    let clock = TestClock()
    let tester = ReactorTester(ThrottledQueryReactor(clock: clock), exhaustivity: .off)
    tester.send(.search("s"))
    await clock.advanceAfterSleeping(by: .seconds(1))  // the window closes; no failure while it ends
    await tester.waitUntilIdle()
    #expect(tester.reactor.store.tasksInFlight == 0)
  }
}
