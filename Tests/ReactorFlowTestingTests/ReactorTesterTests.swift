import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A counter with a delayed increment driven by an injected clock.
final class TimerReactor: Reactor {
  enum Action: Sendable { case increment, incrementLater, incrementTwiceLater, noop }
  enum Mutation: Sendable { case add(Int) }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let store = ReactorStore<TimerReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .just(.add(1))
    case .incrementLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.add(1))
      }
    case .incrementTwiceLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.add(1))
        await send(.add(10))
      }
    case .noop:
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .add(let value): return State(count: state.count + value)
    }
  }
}

@MainActor
@Suite("ReactorFlowTesting: ReactorTester", .checksLeaks)
struct ReactorTesterTests {
  @Test("a synchronous action with its exact change passes")
  func syncPasses() async {
    let tester = ReactorTester(TimerReactor(clock: TestClock()))
    tester.send(.increment) { $0.count = 1 }
    tester.send(.noop)
    await tester.finish()
  }

  @Test("asynchronous mutations are received on a TestClock, in order")
  func asyncReceived() async {
    let clock = TestClock()
    let tester = ReactorTester(TimerReactor(clock: clock))
    tester.send(.incrementTwiceLater)
    await clock.advanceAfterSleeping(by: .seconds(1))
    await tester.receive { $0.count = 1 }
    await tester.receive { $0.count = 11 }
    await tester.finish()
  }

  @Test("a wrong expected state fails with a diff")
  func wrongStateFails() async {
    let tester = ReactorTester(TimerReactor(clock: TestClock()))
    withKnownIssue {
      tester.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("is not the expected one") && text.contains("count: 2")
        && text.contains("count: 1")
    }
  }

  @Test("an unasserted state change fails in exhaustive mode, passes in non-exhaustive mode")
  func unassertedChange() async {
    let tester = ReactorTester(TimerReactor(clock: TestClock()))
    withKnownIssue {
      tester.send(.increment)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("but the test stated no change")
    }
    let lenient = ReactorTester(TimerReactor(clock: TestClock()), exhaustivity: .off)
    lenient.send(.increment)
    lenient.send(.increment) { $0.count = 2 }
    await lenient.finish()
  }

  @Test("a receive is not cut short by the hang guard of the receive before it")
  func consecutiveReceives() async {
    let clock = TestClock()
    let tester = ReactorTester(TimerReactor(clock: clock))
    for count in 1...3 {
      tester.send(.incrementLater)
      // The receive waits (nothing is pending yet) while the clock is advanced.
      async let advanced: Void = clock.advanceAfterSleeping(by: .seconds(1))
      await tester.receive { $0.count = count }
      await advanced
    }
    await tester.finish()
  }

  @Test("finish() waits for work that is finishing instead of failing on it")
  func finishWaitsForFinishingWork() async {
    let clock = TestClock()
    let tester = ReactorTester(TimerReactor(clock: clock))
    tester.send(.incrementLater)
    await clock.advanceAfterSleeping(by: .seconds(1))
    await tester.receive { $0.count = 1 }
    // The task sent its mutation; it may not have ended yet: finish() waits for it to end.
    await tester.finish()
    #expect(tester.reactor.store.tasksInFlight == 0)
  }

  @Test(
    "advanceAfterSleeping waits for a sleeper that is slow to come, however many turns it takes",
    .timeLimit(.minutes(5)))
  func slowSleeper() async {
    let clock = TestClock()
    // A stand-in for a busy machine: many turns pass before the task reaches its sleep. (With
    // 600,000 turns the previous bound of 10,000 checks gave up; the guard now has no bound on
    // turns before its deadline. 50,000 turns took over a minute under the address sanitizer on
    // a machine running two other builds, so the stand-in takes 10,000: about 170 checks.)
    let sleeper = Task {
      for _ in 0..<10_000 { await Task.yield() }
      try await clock.sleep(for: .seconds(1))
      return true
    }
    await clock.advanceAfterSleeping(by: .seconds(1))
    // No cancel here: the advance resumed the sleep, but on a busy machine the task may not have
    // run since, and the clock's sleep checks cancellation when it resumes. If the advance missed
    // the sleeper, the time limit above ends the test instead of a hang.
    let woke = (try? await sleeper.value) ?? false
    #expect(woke)
  }

  @Test("an unreceived mutation and work in flight fail finish()")
  func finishFails() async {
    let clock = TestClock()
    let tester = ReactorTester(TimerReactor(clock: clock))
    tester.send(.incrementLater)
    await withKnownIssue {
      // The task sleeps on a clock nobody advances: a short hang guard is enough.
      await tester.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("still running at the end of the test")
    }
    await clock.advanceAfterSleeping(by: .seconds(1))
    await tester.reactor.store.waitUntilIdle()
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("were not received")
    }
    await tester.receive { $0.count = 1 }
    await tester.finish()
  }

  @Test("receiving when nothing arrives fails after the timeout")
  func receiveTimesOut() async {
    let tester = ReactorTester(TimerReactor(clock: TestClock()))
    await withKnownIssue {
      await tester.receive(timeout: .milliseconds(10)) { $0.count = 1 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("none arrived within")
    }
  }
}
