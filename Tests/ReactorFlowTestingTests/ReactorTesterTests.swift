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
    // 600,000 turns an earlier bound of 10,000 checks gave up.) The hang guard is an hour: what
    // is checked is that no count of turns ends the wait, not how fast this machine is; the time
    // limit cancels the test, the wait and the sleeper (a child task) if the sleeper never came.
    async let woke: Bool = {
      for _ in 0..<10_000 { await Task.yield() }
      return (try? await clock.sleep(for: .seconds(1))) != nil
    }()
    await clock.advanceAfterSleeping(by: .seconds(1), timeout: .seconds(3_600))
    #expect(await woke)
  }

  @Test("a sleeper left unadvanced fails advanceAfterSleeping at its hang guard, and the test ends")
  func unadvancedSleeperEndsTheTest() async {
    let clock = TestClock()
    // Nothing sleeps on the clock yet: the guard gives up at its (injected, short) deadline.
    await withKnownIssue {
      await clock.advanceAfterSleeping(by: .seconds(1), timeout: .milliseconds(100))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Nothing started sleeping")
    }
    // A sleeper that no one advances: a child task, so the test ends it by cancelling it.
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { (try? await clock.sleep(for: .seconds(1))) != nil }
      group.cancelAll()
      #expect(await group.next() == false)
    }
  }

  @Test("a cancelled test stops waiting for a sleeper at once and fails, whatever its hang guard")
  func cancelledWaitForASleeperEnds() async {
    let clock = TestClock()
    await withKnownIssue {
      // The wait's task is cancelled before anything sleeps, as a time limit cancels a test:
      // with an hour's hang guard, only the cancellation can end it.
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await clock.advanceAfterSleeping(by: .seconds(1), timeout: .seconds(3_600))
        }
        group.cancelAll()
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("before the test was cancelled")
    }
  }

  @Test("a cancelled test stops waiting for a mutation at once and fails, whatever its hang guard")
  func cancelledReceiveEnds() async {
    let clock = TestClock()
    let tester = ReactorTester(TimerReactor(clock: clock))
    tester.send(.incrementLater)
    await withKnownIssue {
      let waiting = Task { await tester.receive(timeout: .seconds(3_600)) }
      waiting.cancel()
      await waiting.value
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("none arrived")
    }
    await clock.advanceAfterSleeping(by: .seconds(1))
    await tester.receive { $0.count = 1 }
    await tester.finish()
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
