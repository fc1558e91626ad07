import Clocks
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Presentation: a launch screen, tabs and a sheet written with UIKit's spellings", .checksLeaks)
struct UIKitSpelledLaunchTabsAndSheetTests {
  @Test(
    "launch (viewDidLoad, a timer started in viewDidAppear) → tabs with items → push, pop, settings sheet")
  func scenario() async {
    let clock = TestClock()
    let window = Window()
    let coordinator = FlowCoordinator()
    var navigated = coordinator.didNavigate.makeAsyncIterator()
    coordinator.coordinate(
      flow: UIKitSpelledApp.AppFlow(window: window, clock: clock),
      with: OneStepper(withSingleStep: UIKitSpelledApp.DemoStep.launchIsRequired))
    let launch = window.rootViewController as? UIKitSpelledApp.LaunchViewController
    #expect(launch?.loads == 1)
    #expect(window.render() == "window\n  screen \"Launch\" *\n    | (gray)")

    await clock.advanceAfterSleeping(by: .seconds(2))
    while let event = await navigated.next(),
      event.step as? UIKitSpelledApp.DemoStep != .dashboardIsRequired
        || !(event.flow is UIKitSpelledApp.DashboardFlow)
    {}
    #expect(
      window.render() == """
        window
          tabs "Dashboard" tabs: [Wishlist] | Watched *
            navigation *
              screen "Movies" *
            navigation
              screen "Movies"
        """)

    let tabs = window.rootViewController as! TabBar
    let movies = tabs.selectedViewController?.children.first as! UIKitSpelledApp.MoviesViewController
    #expect(movies.reloads == 1)
    movies.pick()
    #expect(window.topScreen?.title == "Movie")
    #expect(movies.navigationController?.popViewController(animated: true)?.title == "Movie")
    #expect(movies.reloads == 2, "viewWillAppear again when the pushed screen is popped")

    coordinator.navigate(to: UIKitSpelledApp.DemoStep.settingsAreRequired)
    #expect(tabs.presentedViewController?.children.first?.title == "Settings")
    #expect(movies.reloads == 2, "a sheet leaves the list in view")
    coordinator.navigate(to: UIKitSpelledApp.DemoStep.settingsAreComplete)
    #expect(tabs.presentedViewController == nil && window.topScreen === movies)
    window.rootViewController = nil
  }
}
