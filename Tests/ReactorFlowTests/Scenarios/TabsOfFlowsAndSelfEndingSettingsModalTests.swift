import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Tabs of flows, view-model steppers, a settings modal ended by its flow", .checksLeaks)
struct TabsOfFlowsAndSelfEndingSettingsModalTests {
  @Test("the whole scenario, asserting the rendered tree and the will/did-navigate log")
  func scenario() {
    let window = Window()
    let dashboard = DashboardFlow()
    window.rootViewController = dashboard.rootViewController
    let coordinator = FlowCoordinator()
    var log: [String] = []
    let bag = DisposeBag()
    coordinator.onWillNavigate { log.append("will \(type(of: $0.flow)) \($0.step)") }.disposed(by: bag)
    coordinator.onDidNavigate { log.append("did \(type(of: $0.flow)) \($0.step)") }.disposed(by: bag)

    let settingsButton = SettingsButtonStepper()
    coordinator.coordinate(
      flow: dashboard,
      with: CompositeStepper(steppers: [
        OneStepper(withSingleStep: DemoStep.dashboardIsRequired), settingsButton,
      ]))

    #expect(
      window.render() == """
        window
          tabs "Dashboard" tabs: [Wishlist] | Watched *
            navigation "Wishlist" *
              screen "Wishlist movies" *
            navigation "Watched"
              screen "Watched movies"
        """)
    #expect(
      log == [
        "will DashboardFlow dashboardIsRequired", "did DashboardFlow dashboardIsRequired",
        "will WishlistFlow moviesAreRequired", "did WishlistFlow moviesAreRequired",
        "will WishlistFlow moviesAreRequired", "did WishlistFlow moviesAreRequired",
      ])

    // The movie list's view model picks a movie, the detail's view model picks a cast member.
    let list = window.topScreen as? MovieScreen
    (list?.viewModel as? MovieListViewModel)?.pick(movieId: 42)
    #expect(window.topScreen?.title == "Movie 42")
    ((window.topScreen as? MovieScreen)?.viewModel as? MovieDetailViewModel)?.pick(castId: 7)
    #expect(window.topScreen?.title == "Cast 7")

    // Settings: presented by the parent, ended by its own flow, dismissed by the parent.
    settingsButton.tap()
    #expect(window.topScreen?.title == "Settings")
    #expect(coordinator.flows.count == 4)
    let settingsFlow = coordinator.flows.last as? SettingsFlow
    settingsFlow?.viewModel.done()
    #expect(dashboard.rootViewController.presentedScreen == nil)
    #expect(window.topScreen?.title == "Cast 7")
    #expect(coordinator.flows.map { "\(type(of: $0))" } == ["DashboardFlow", "WishlistFlow", "WishlistFlow"])
    #expect(
      Array(log.suffix(4)) == [
        "will SettingsFlow settingsAreComplete", "did SettingsFlow settingsAreComplete",
        "will DashboardFlow settingsAreComplete", "did DashboardFlow settingsAreComplete",
      ])
  }

  @Test("the ended settings flow, its screens and its view model are released")
  func settingsReleased() {
    let leaks = LeakTracker()
    let window = Window()
    let dashboard = DashboardFlow()
    window.rootViewController = dashboard.rootViewController
    let coordinator = FlowCoordinator()
    let settingsButton = SettingsButtonStepper()
    coordinator.coordinate(
      flow: dashboard,
      with: CompositeStepper(steppers: [
        OneStepper(withSingleStep: DemoStep.dashboardIsRequired), settingsButton,
      ]))
    do {
      settingsButton.tap()
      let settingsFlow = leaks.track(coordinator.flows.last as! SettingsFlow)
      leaks.track(settingsFlow.viewModel)
      leaks.track(settingsFlow.rootViewController)
      settingsFlow.viewModel.done()
    }
    #expect(leaks.alive.isEmpty)
  }
}
