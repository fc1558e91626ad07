import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Spec: the movie app's tabs, detail and settings modal, with FlowTester", .checksLeaks)
struct TabsDetailAndSelfEndingSettingsSpec {
  @Test("dashboard tabs → movie → cast → settings ended by its flow and dismissed by the parent")
  func scenario() async {
    let tester = FlowTester()
    let dashboard = DashboardFlow()
    tester.window.rootViewController = dashboard.rootViewController
    let settingsButton = SettingsButtonStepper()
    tester.start(
      dashboard,
      with: CompositeStepper(steppers: [
        OneStepper(withSingleStep: DemoStep.dashboardIsRequired), settingsButton,
      ]))
    tester.expectSteps([
      "DashboardFlow: dashboardIsRequired", "WishlistFlow: moviesAreRequired",
      "WishlistFlow: moviesAreRequired",
    ])
    tester.expectRendered(
      """
      window
        tabs "Dashboard" tabs: [Wishlist] | Watched *
          navigation "Wishlist" *
            screen "Wishlist movies" *
          navigation "Watched"
            screen "Watched movies"
      """)

    // The list's view model picks a movie; the detail's view model picks a cast member.
    let list = tester.window.topScreen as? MovieScreen
    (list?.viewModel as? MovieListViewModel)?.pick(movieId: 42)
    tester.expectSteps(["WishlistFlow: movieIsPicked(withId: 42)"])
    ((tester.window.topScreen as? MovieScreen)?.viewModel as? MovieDetailViewModel)?.pick(castId: 7)
    tester.expectSteps(["WishlistFlow: castIsPicked(withId: 7)"])
    tester.expectRendered(
      """
      window
        tabs "Dashboard" tabs: [Wishlist] | Watched *
          navigation "Wishlist" *
            screen "Wishlist movies"
            screen "Movie 42"
            screen "Cast 7" *
          navigation "Watched"
            screen "Watched movies"
      """)

    // Settings: a modal flow that ends itself; the parent dismisses it; all of it is released.
    settingsButton.tap()
    tester.expectSteps(["DashboardFlow: settingsAreRequired", "SettingsFlow: settingsAreRequired"])
    do {
      let settings = tester.coordinator.flows.last as? SettingsFlow
      tester.track(settings!)
      tester.track(settings!.rootViewController)
      tester.track(settings!.viewModel)
      settings?.viewModel.done()
    }
    tester.expectSteps(["SettingsFlow: settingsAreComplete", "DashboardFlow: settingsAreComplete"])
    tester.expectRendered(
      """
      window
        tabs "Dashboard" tabs: [Wishlist] | Watched *
          navigation "Wishlist" *
            screen "Wishlist movies"
            screen "Movie 42"
            screen "Cast 7" *
          navigation "Watched"
            screen "Watched movies"
      """)
    await tester.finish()
  }
}
