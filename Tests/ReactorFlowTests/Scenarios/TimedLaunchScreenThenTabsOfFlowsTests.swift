import Clocks
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Window root, a launch screen timed on a clock, then a tab bar of flows", .checksLeaks)
struct TimedLaunchScreenThenTabsOfFlowsTests {
  @Test("launch → 2 s on a TestClock → tab bar with home and my page → homeNext pushes")
  func scenario() async {
    let clock = TestClock()
    let window = Window()
    let coordinator = FlowCoordinator()
    var navigated = coordinator.didNavigate.makeAsyncIterator()
    coordinator.coordinate(flow: AppFlow002(window: window, clock: clock), with: AppStepper())

    #expect(window.render() == "window\n  screen \"Launch\" *\n    | (gray)")

    await clock.advanceAfterSleeping(by: .seconds(1))
    #expect(window.topScreen?.title == "Launch")
    await clock.advance(by: .seconds(1))
    // launchIsRequired, then mainIsRequired arrives from the launch screen's timer.
    while let event = await navigated.next(), !(event.step as? ExampleStep == .mainIsRequired) {}

    #expect(
      window.render() == """
        window
          tabs "Main" tabs: [Home] | MyPage *
            navigation "Home" *
              screen "Home" *
            navigation "MyPage"
              screen "MyPage"
        """)

    (window.topScreen as? HomeViewController)?.tapNext()
    #expect(window.topScreen?.title == "Home_Next")
    #expect(
      coordinator.flows.map { "\(type(of: $0))" } == ["AppFlow002", "MainFlow", "HomeFlow", "MypageFlow"])
  }
}
