import ReactorFlow
import ReactorFlowTesting
import Testing

/// A search screen: each query is throttled (one per second, the latest kept) and its results
/// come after a delay — two sleepers on one clock when a query is typed.
final class ThrottledSearchReactor: Reactor {
  enum Action: Sendable, Equatable { case search(String) }
  enum Mutation: Sendable { case setResults([String]) }
  struct State: Equatable { var results: [String] = [] }

  let initialState = State()
  let store = ReactorStore<ThrottledSearchReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    action.throttle(for: .seconds(1), clock: clock)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .search(let query):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.setResults([query.uppercased()]))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setResults(let results): return State(results: results)
    }
  }
}

@MainActor
@Suite("CountingTestClock: advancing once every expected sleeper sleeps", .checksLeaks)
struct AdvancingAClockAfterSeveralSleepersTests {
  @Test("a throttle timer and a delayed operation both wake with one advance after two sleepers")
  func throttleAndDelayedRun() async {
    let clock = CountingTestClock()
    let tester = ReactorTester(ThrottledSearchReactor(clock: clock))
    tester.send(.search("swift"))
    await clock.advance(by: .seconds(1), afterSleepers: 2)
    await tester.receive { $0.results = ["SWIFT"] }
    #expect(clock.sleepers == 0)
    await tester.finish()
  }

  @Test("sleepers wake in deadline order, and a sleep started by a woken task wakes in the same advance")
  func deadlineOrder() async {
    let clock = CountingTestClock()
    let woken = WakeLog()
    let late = Task { @MainActor in
      try await clock.sleep(for: .seconds(3))
      woken.append("3s")
    }
    let early = Task { @MainActor in
      try await clock.sleep(for: .seconds(1))
      woken.append("1s")
      try await clock.sleep(for: .seconds(1))
      woken.append("1s+1s")
    }
    await clock.advance(by: .seconds(5), afterSleepers: 2)
    // If the advance missed a sleeper, the time limit cancels the test, and with it the sleepers.
    await withTaskCancellationHandler {
      _ = try? await (early.value, late.value)
    } onCancel: {
      early.cancel()
      late.cancel()
    }
    #expect(woken.entries == ["1s", "1s+1s", "3s"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test("a cancelled sleep ends at once with CancellationError and no longer counts")
  func cancelledSleep() async {
    let clock = CountingTestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance(by: .zero, afterSleepers: 1)
    sleeper.cancel()
    let result = await sleeper.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleepers == 0)
  }

  @Test("a sleep whose deadline has passed returns at once")
  func pastDeadline() async throws {
    let clock = CountingTestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.sleepers == 0)
  }

  @Test("fewer sleepers than expected fails the test, says how many slept, and does not advance")
  func fewerSleepersFail() async {
    let clock = CountingTestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance(by: .zero, afterSleepers: 1)
    await withKnownIssue {
      // One task sleeps and no other ever will: the outcome does not depend on the bound.
      await clock.advance(by: .seconds(1), afterSleepers: 2, timeout: .milliseconds(10))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("1 task(s) slept on the clock") && text.contains("not the 2 expected")
    }
    #expect(clock.now.offset == .zero)
    sleeper.cancel()
    _ = await sleeper.result
  }
}

@MainActor
final class WakeLog {
  private(set) var entries: [String] = []
  func append(_ entry: String) { entries.append(entry) }
}
