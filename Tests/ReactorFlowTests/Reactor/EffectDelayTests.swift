import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A banner that hides itself a while after it was shown (ReactorKit users write
/// `Observable.just(.hide).delay(.seconds(1), scheduler:)`).
final class BannerReactor: Reactor {
  enum Action: Sendable {
    case flash
    case flashTwo
    case spaced
    case cancel
  }
  typealias Mutation = String
  struct State: Sendable { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<BannerReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<String> {
    switch action {
    case .flash:
      return .concat(
        .just("show"), Effect.just("hide").delay(for: .seconds(1), clock: clock), .just("done"))
    case .flashTwo:
      return Effect.run { send in
        await send("a")
        await send("b")
      }
      .delay(for: .seconds(1), clock: clock)
      .cancellable(id: "flash")
    case .spaced:
      // "b" is sent half a second after "a": each goes on a second after it was sent.
      return Effect.run { [clock] send in
        await send("a")
        try await clock.sleep(for: .milliseconds(500))
        await send("b")
      }
      .delay(for: .seconds(1), clock: clock)
    case .cancel:
      return .cancel(id: "flash")
    }
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }
}

@MainActor
@Suite("Effect.delay: each element goes on after the delay, in order", .checksLeaks)
struct EffectDelayTests {
  @Test("a delayed element goes on after the delay; the concat's next part waits for it")
  func delayInConcat() async {
    let clock = TestClock()
    let reactor = BannerReactor(clock: clock)
    reactor.send(.flash)
    #expect(reactor.currentState.log == ["show"])
    await clock.advanceAfterSleeping(by: .milliseconds(999))
    #expect(reactor.currentState.log == ["show"])
    await clock.advance(by: .milliseconds(1))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["show", "hide", "done"])
  }

  @Test("the elements of an operation are delayed in the order they were sent")
  func delayKeepsOrder() async {
    let clock = TestClock()
    let reactor = BannerReactor(clock: clock)
    reactor.send(.flashTwo)
    #expect(reactor.currentState.log.isEmpty)
    await clock.advanceAfterSleeping(by: .seconds(1))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["a", "b"])
  }

  @Test("elements sent apart keep their spacing: each goes on the delay after it was sent")
  func delayKeepsSpacing() async {
    let clock = CountingTestClock()
    let reactor = BannerReactor(clock: clock)
    reactor.send(.spaced)
    // The operation's sleep and the delay's timer.
    await clock.advance(by: .milliseconds(500), afterSleepers: 2)
    #expect(reactor.currentState.log.isEmpty)
    await clock.advance(by: .milliseconds(500), afterSleepers: 1)
    await expectEventually { reactor.currentState.log == ["a"] }
    await clock.advance(by: .milliseconds(499), afterSleepers: 1)
    #expect(reactor.currentState.log == ["a"])
    await clock.advance(by: .milliseconds(1))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["a", "b"])
  }

  @Test("cancelling a delayed effect drops the elements still waiting")
  func delayCancelled() async {
    let clock = TestClock()
    let reactor = BannerReactor(clock: clock)
    reactor.send(.flashTwo)
    await clock.advanceAfterSleeping(by: .milliseconds(500))
    reactor.send(.cancel)
    await clock.run()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log.isEmpty)
  }

  @Test("a reactor released with delayed elements waiting lets them go")
  func delayReleased() async {
    let clock = TestClock()
    var reactor: BannerReactor? = BannerReactor(clock: clock)
    reactor?.send(.flash)
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
  }
}
