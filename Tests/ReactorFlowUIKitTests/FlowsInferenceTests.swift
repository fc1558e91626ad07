import ReactorFlowHeadless
import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

// RxFlow's `Flows.whenReady(flow1:flow2:) { (root1, root2) in … }` and
// `Flows.use(…, when: .ready) { root1, root2 in … }` with untyped roots compile with view
// controllers — in this file, which imports ReactorFlowHeadless too, the `UIViewController`
// overloads win over the `Screen` ones.

/// A tab flow: its navigation controller gets a view controller on its first step.
final class UIKitTabFlow: Flow {
  let navigationController = UINavigationController(nibName: nil, bundle: nil)
  var root: Presentable { navigationController }

  func navigate(to step: Step) -> FlowContributors {
    let movies = UIViewController(nibName: nil, bundle: nil)
    movies.title = "movies"
    navigationController.setViewControllers([movies], animated: false)
    return .none
  }
}

/// Seed 003's dashboard, as written there: untyped roots, UIKit calls on them.
final class UIKitDashboardFlow: Flow {
  let rootViewController = UITabBarController()
  let useWhenReady: Bool
  var root: Presentable { rootViewController }

  init(useWhenReady: Bool) {
    self.useWhenReady = useWhenReady
  }

  func navigate(to step: Step) -> FlowContributors {
    let wishListFlow = UIKitTabFlow()
    let watchedFlow = UIKitTabFlow()
    if useWhenReady {
      Flows.whenReady(flow1: wishListFlow, flow2: watchedFlow) { [unowned self] (root1, root2) in
        let tabBarItem1 = UITabBarItem(title: "Wishlist", image: nil, selectedImage: nil)
        let tabBarItem2 = UITabBarItem(title: "Watched", image: nil, selectedImage: nil)
        root1.tabBarItem = tabBarItem1
        root2.tabBarItem = tabBarItem2
        self.rootViewController.setViewControllers([root1, root2], animated: false)
      }
    } else {
      Flows.use(wishListFlow, watchedFlow, when: .ready) { [unowned self] root1, root2 in
        root1.tabBarItem = UITabBarItem(title: "Wishlist", image: nil, selectedImage: nil)
        root2.tabBarItem = UITabBarItem(title: "Watched", image: nil, selectedImage: nil)
        self.rootViewController.setViewControllers([root1, root2], animated: false)
      }
    }
    return .multiple(flowContributors: [
      .contribute(
        withNextPresentable: wishListFlow, withNextStepper: OneStepper(withSingleStep: UIKitStep.start)),
      .contribute(
        withNextPresentable: watchedFlow, withNextStepper: OneStepper(withSingleStep: UIKitStep.start)),
    ])
  }
}

@MainActor
@Suite("Flows.use and Flows.whenReady with untyped view-controller roots", .checksLeaks)
struct FlowsInferenceTests {
  @Test(
    "untyped roots are view controllers; the block runs once both flows are ready", arguments: [false, true])
  func untypedRoots(useWhenReady: Bool) {
    let coordinator = FlowCoordinator()
    let dashboard = UIKitDashboardFlow(useWhenReady: useWhenReady)
    coordinator.coordinate(flow: dashboard, with: OneStepper(withSingleStep: UIKitStep.start))
    let tabs = dashboard.rootViewController.viewControllers ?? []
    #expect(tabs.map { $0.tabBarItem.title } == ["Wishlist", "Watched"])
    #expect(
      tabs.compactMap { ($0 as? UINavigationController)?.topViewController?.title } == ["movies", "movies"])
  }

  @Test("one flow and an array of flows, untyped")
  func oneAndArray() {
    final class HostFlow: Flow {
      let host = UIViewController(nibName: nil, bundle: nil)
      var titles: [String] = []
      var root: Presentable { host }
      func navigate(to step: Step) -> FlowContributors {
        let first = UIKitTabFlow()
        let second = UIKitTabFlow()
        first.navigationController.title = "first"
        second.navigationController.title = "second"
        Flows.use(first, when: .created) { [unowned self] root in titles.append(root.title ?? "") }
        Flows.use([first, second], when: .ready) { [unowned self] roots in
          titles += roots.map { $0.title ?? "" }
        }
        Flows.whenReady(flow1: first) { [unowned self] root in titles.append("ready \(root.title ?? "")") }
        return .multiple(flowContributors: [
          .contribute(
            withNextPresentable: first, withNextStepper: OneStepper(withSingleStep: UIKitStep.start)),
          .contribute(
            withNextPresentable: second, withNextStepper: OneStepper(withSingleStep: UIKitStep.start)),
        ])
      }
    }
    let coordinator = FlowCoordinator()
    let flow = HostFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: UIKitStep.start))
    #expect(flow.titles == ["first", "ready first", "first", "second"])
  }
}
