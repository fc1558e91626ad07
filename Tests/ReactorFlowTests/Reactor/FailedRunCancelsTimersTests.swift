import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

/// An operation that sends each of `values`, then throws.
func failing(after values: [String]) -> Effect<String> {
  .run { send in
    for value in values { await send(value) }
    throw LoadError()
  }
}

/// An asynchronous part that sends nothing.
func asyncNothing() -> Effect<String> { .run { _ in await Task.yield() } }

@MainActor
@Suite("Reactor: a failed run cancels its debounce and throttle timers, whatever its shape", .checksLeaks)
struct FailedRunCancelsTimersTests {
  /// Sends the effect `make` builds, waits for `recover(from:)`'s mutation, then lets the clock
  /// run: a timer the failure left running would hand its element on now.
  private func runUntilRecovered(
    _ clock: TestClock<Duration>, _ make: @escaping @Sendable @MainActor () -> Effect<String>
  ) async -> ScriptedReactor {
    let reactor = ScriptedReactor()
    reactor.recovery = .just("recovered")
    let errors = reactor.errors.subscribe { _ in }
    defer { errors.dispose() }
    reactor.send(.run(make))
    for await state in reactor.state where state.log.contains("recovered") { break }
    #expect(reactor.store.tasksInFlight == 0, "the failed run's timer is cancelled with it")
    if reactor.store.tasksInFlight > 0 {
      // A timer outlived the failure: let it fire, so that the test shows what it reduces.
      await clock.advanceAfterSleeping(by: .seconds(1))
      for await state in reactor.state where state.log.last != "recovered" { break }
    } else {
      // Nothing is left to fire, however far the clock goes.
      await clock.advance(by: .seconds(10))
      await reactor.store.waitUntilIdle()
    }
    return reactor
  }

  @Test("a debounce that is the outermost part of the failed effect drops its held element")
  func outermostDebounce() async {
    let clock = TestClock()
    let reactor = await runUntilRecovered(clock) {
      failing(after: ["held"]).debounce(for: .seconds(1), clock: clock)
    }
    #expect(reactor.currentState.log == ["recovered"])
  }

  @Test("a debounce after an asynchronous part of the failed effect drops its held element")
  func debounceAfterAsyncPart() async {
    let clock = TestClock()
    let reactor = await runUntilRecovered(clock) {
      .concat(asyncNothing(), failing(after: ["held"]).debounce(for: .seconds(1), clock: clock))
    }
    #expect(reactor.currentState.log == ["recovered"])
  }

  @Test("a throttle that is the outermost part of the failed effect drops its held element")
  func outermostThrottle() async {
    let clock = TestClock()
    let reactor = await runUntilRecovered(clock) {
      failing(after: ["first", "held"]).throttle(for: .seconds(1), clock: clock)
    }
    #expect(reactor.currentState.log == ["first", "recovered"])
  }

  @Test("a throttle after an asynchronous part of the failed effect drops its held element")
  func throttleAfterAsyncPart() async {
    let clock = TestClock()
    let reactor = await runUntilRecovered(clock) {
      .concat(asyncNothing(), failing(after: ["first", "held"]).throttle(for: .seconds(1), clock: clock))
    }
    #expect(reactor.currentState.log == ["first", "recovered"])
  }

  @Test("a debounce in another branch of a merge that fails drops its held element")
  func debounceInSiblingBranch() async {
    let clock = TestClock()
    let gate = Gate()
    let reactor = await runUntilRecovered(clock) {
      .merge(
        gated("other", gate, announce: true).debounce(for: .seconds(1), clock: clock),
        .concat(asyncNothing(), asyncNothing(), failing(after: [])))
    }
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["recovered"])
  }
}
