import Clocks
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// The counter shows that it is loading, changes its value half a second after a tap, then stops
/// loading; its link shows the example's read-me.
@MainActor @Suite(.checksLeaks)
struct CounterCountsAfterADelay {
  @Test func increaseLoadsThenAddsOneAfterHalfASecond() async {
    let clock = TestClock()
    let reactor = CounterViewReactor(clock: clock)

    reactor.send(.incrase)
    #expect(reactor.currentState.isLoading)
    #expect(reactor.currentState.value == 0)

    await clock.advanceAfterSleeping(by: .milliseconds(500))
    await expectEventually("the value increased") { reactor.currentState.value == 1 }
    await expectEventually("loading ended") { !reactor.currentState.isLoading }
  }

  @Test func decreaseSubtractsOneAfterHalfASecond() async {
    let clock = TestClock()
    let reactor = CounterViewReactor(clock: clock)

    reactor.send(.decrease)
    await clock.advanceAfterSleeping(by: .milliseconds(499))
    #expect(reactor.currentState.value == 0)
    await clock.advanceAfterSleeping(by: .milliseconds(1))
    await expectEventually("the value decreased") { reactor.currentState.value == -1 }
    await expectEventually("loading ended") { !reactor.currentState.isLoading }
  }

  @Test func theScreenShowsTheValueAndTheIndicator() async throws {
    let clock = TestClock()
    let window = Window()
    let counter = CounterViewController(clock: clock)
    window.rootViewController = counter
    #expect(counter.valueLabelText == "0")

    counter.increaseButtonTapped()
    #expect(counter.isActivityIndicatorAnimating)
    #expect(counter.content == ["-", "0", "+", "loading"])

    await clock.advanceAfterSleeping(by: .milliseconds(500))
    await expectEventually("the label shows 1, the indicator stopped") {
      counter.valueLabelText == "1" && !counter.isActivityIndicatorAnimating
    }
    #expect(counter.content == ["-", "1", "+"])
  }

  @Test func theLinkShowsTheExamplesReadMe() throws {
    let window = Window()
    let counter = CounterViewController(clock: TestClock())
    window.rootViewController = counter

    counter.linkButtonTapped()

    let page = try #require(counter.presentedViewController as? SFSafariViewController)
    #expect(
      page.url.absoluteString
        == "https://github.com/ReactorKit/ReactorKit/blob/master/Examples/Counter/README.md")
  }
}
