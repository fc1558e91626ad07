import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

// The launch-then-tabs app as a specification: each step states a step and its exact result, with
// ReactorFlowTesting's flow tester.

@MainActor
@Suite("Spec: a timed launch screen, then tabs, with FlowTester", .checksLeaks)
struct LaunchThenTabsSpec {
  @Test("launch for 2 s, then the tab bar; home's next screen is pushed")
  func launchThenTabs() async {
    let clock = TestClock()
    let tester = FlowTester()
    tester.start(AppFlow002(window: tester.window, clock: clock), with: AppStepper())
    tester.expectSteps(["AppFlow002: launchIsRequired"])
    tester.expectRendered(
      """
      window
        screen "Launch" *
          | (gray)
      """)
    tester.track(tester.window.topScreen!, "launch screen")

    await clock.advanceAfterSleeping(by: .seconds(2))
    await tester.waitForSteps(4)
    tester.expectSteps([
      "AppFlow002: mainIsRequired", "MainFlow: homeIsRequired", "HomeFlow: homeIsRequired",
      "MypageFlow: mypageIsRequired",
    ])
    tester.expectRendered(
      """
      window
        tabs "Main" tabs: [Home] | MyPage *
          navigation "Home" *
            screen "Home" *
          navigation "MyPage"
            screen "MyPage"
      """)

    (tester.window.topScreen as? HomeViewController)?.tapNext()
    tester.expectSteps(["HomeFlow: homeNext"])
    #expect(tester.window.topScreen?.title == "Home_Next")
    await tester.finish()
  }
}
