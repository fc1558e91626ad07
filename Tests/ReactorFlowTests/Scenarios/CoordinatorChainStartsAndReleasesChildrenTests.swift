import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Classic coordinators for a diary app: children start, end and are released", .checksLeaks)
struct CoordinatorChainStartsAndReleasesChildrenTests {
  @Test("list → detail → edit and back: children added on start, removed when their screen is gone")
  func diaryScenario() {
    let leaks = LeakTracker()
    let window = Window()
    let navigationController = NavigationStack(title: "Diary")
    window.rootViewController = navigationController
    let app = AppCoordinator(navigationController: navigationController)
    app.start()
    #expect(
      window.render() == """
        window
          navigation "Diary" *
            screen "Diaries" *
              | Day 1
              | Day 2
        """)
    let main = app.childCoordinators.first as? MainCoordinator
    #expect(main != nil)

    do {
      (window.topScreen as? MainViewController)?.selectRow(1)
      #expect(window.topScreen?.title == "Day 2")
      let detail = main!.childCoordinators.first!
      leaks.track(detail as AnyObject)
      (window.topScreen as? DiaryDetailViewController)?.tapEdit()
      #expect(window.topScreen?.title == "Edit Day 2")
      leaks.track(detail.childCoordinators.first! as AnyObject)
      leaks.track(window.topScreen!)
    }

    navigationController.popViewController()  // back from edit
    #expect(window.topScreen?.title == "Day 2")
    #expect(main!.childCoordinators.first?.childCoordinators.isEmpty == true)
    navigationController.popViewController()  // back from detail
    #expect(main!.childCoordinators.isEmpty)
    #expect(leaks.alive.isEmpty)
  }

  @Test("a coordinator hosts a flow and forgets it when the flow's root is dismissed")
  func hostsFlow() {
    let leaks = LeakTracker()
    let window = Window()
    let navigationController = NavigationStack(title: "Diary")
    window.rootViewController = navigationController
    let app = AppCoordinator(navigationController: navigationController)
    app.start()
    do {
      let flow = leaks.track(WishlistFlow(title: "Hosted"))
      navigationController.topViewController?.present(flow.rootViewController)
      app.start(
        child: leaks.track(FlowHost(flow: flow, with: OneStepper(withSingleStep: DemoStep.moviesAreRequired)))
      )
      #expect(window.topScreen?.title == "Hosted movies")
      #expect(app.childCoordinators.count == 2)
    }
    navigationController.topViewController?.dismiss()
    #expect(app.childCoordinators.count == 1)
    #expect(leaks.alive.isEmpty)
  }
}
