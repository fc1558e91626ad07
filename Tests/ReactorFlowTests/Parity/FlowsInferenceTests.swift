import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// `Flows.use(…, when: .ready) { root1, root2 in … }` and RxFlow's `Flows.whenReady(flow1:flow2:)`
// as RxFlow apps write them — closure parameters without type annotations — compile against the
// headless screen tree (their roots are `Screen`s) and run once every flow is ready.

/// A tab flow: its stack gets a screen on `.moviesAreRequired`.
final class TabMoviesFlow: Flow {
  let rootViewController: NavigationStack
  var root: Presentable { rootViewController }

  init(title: String) {
    rootViewController = NavigationStack(title: title)
  }

  func navigate(to step: Step) -> FlowContributors {
    rootViewController.setViewControllers([Screen(title: "\(rootViewController.title) movies")])
    return .none
  }
}

/// Seed 003's dashboard: a tab bar of flows, set up in the `.ready` block with untyped roots.
final class TabsDashboardFlow: Flow {
  enum Spelling { case use, whenReady, useArray, whenReadyArray, three }

  let rootViewController = TabBar(title: "dashboard")
  let spelling: Spelling
  var root: Presentable { rootViewController }

  init(spelling: Spelling) {
    self.spelling = spelling
  }

  func navigate(to step: Step) -> FlowContributors {
    let wishListFlow = TabMoviesFlow(title: "Wishlist")
    let watchedFlow = TabMoviesFlow(title: "Watched")
    var flows: [Flow] = [wishListFlow, watchedFlow]
    switch spelling {
    case .use:
      Flows.use(wishListFlow, watchedFlow, when: .ready) { [unowned self] root1, root2 in
        root1.title = "Wishlist tab"
        root2.title = "Watched tab"
        self.rootViewController.setViewControllers([root1, root2])
      }
    case .whenReady:
      Flows.whenReady(flow1: wishListFlow, flow2: watchedFlow) { [unowned self] (root1, root2) in
        root1.title = "Wishlist tab"
        root2.title = "Watched tab"
        self.rootViewController.setViewControllers([root1, root2])
      }
    case .useArray:
      Flows.use(flows, when: .ready) { [unowned self] roots in
        for root in roots { root.title += " tab" }
        self.rootViewController.setViewControllers(roots)
      }
    case .whenReadyArray:
      Flows.whenReady(flows: flows) { [unowned self] roots in
        for root in roots { root.title += " tab" }
        self.rootViewController.setViewControllers(roots)
      }
    case .three:
      let extra = TabMoviesFlow(title: "Extra")
      flows.append(extra)
      Flows.use(wishListFlow, watchedFlow, extra, when: .ready) { [unowned self] root1, root2, root3 in
        self.rootViewController.setViewControllers([root1, root2, root3])
      }
    }
    return .multiple(
      flowContributors: flows.map {
        .contribute(withNextPresentable: $0, withNextStepper: OneStepper(withSingleStep: TestStep.start))
      })
  }
}

@MainActor
@Suite("Parity: Flows.use and Flows.whenReady infer their roots", .checksLeaks)
struct FlowsInferenceTests {
  @Test(
    "untyped roots: the block runs once both flows are ready, with their screens",
    arguments: [TabsDashboardFlow.Spelling.use, .whenReady, .useArray, .whenReadyArray])
  func untypedRoots(spelling: TabsDashboardFlow.Spelling) {
    let window = Window()
    let coordinator = FlowCoordinator()
    let dashboard = TabsDashboardFlow(spelling: spelling)
    window.rootViewController = dashboard.rootViewController
    coordinator.coordinate(flow: dashboard, with: OneStepper(withSingleStep: TestStep.start))
    #expect(dashboard.rootViewController.viewControllers.map(\.title) == ["Wishlist tab", "Watched tab"])
    #expect(
      dashboard.rootViewController.viewControllers.compactMap {
        ($0 as? NavigationStack)?.topViewController?.title
      }
        == ["Wishlist movies", "Watched movies"])
    #expect(coordinator.flows.count == 3)
    window.rootViewController = nil
    #expect(coordinator.flows.isEmpty, "the root flow ends with its root, and its children with it")
  }

  @Test("three flows, untyped")
  func threeFlows() {
    let coordinator = FlowCoordinator()
    let dashboard = TabsDashboardFlow(spelling: .three)
    coordinator.coordinate(flow: dashboard, with: OneStepper(withSingleStep: TestStep.start))
    #expect(dashboard.rootViewController.viewControllers.map(\.title) == ["Wishlist", "Watched", "Extra"])
  }

  @Test("a typed root still takes the generic overload; a wrong type is reported, not a crash")
  func typedRoots() {
    final class TypedFlow: Flow {
      let tabs = TabBar()
      let child = TabMoviesFlow(title: "typed")
      var received: [String] = []
      var root: Presentable { tabs }
      func navigate(to step: Step) -> FlowContributors {
        Flows.whenReady(flow1: child) { [unowned self] (root: NavigationStack) in
          received.append("whenReady \(root.title)")
        }
        Flows.use(child, when: .ready) { [unowned self] (root: NavigationStack) in
          received.append("use \(root.title)")
        }
        Flows.whenReady(flow1: child) { [unowned self] (_: TabBar) in received.append("wrong") }
        return .one(
          flowContributor: .contribute(
            withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start)))
      }
    }
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let flow = TypedFlow()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.start))
    #expect(flow.received == ["whenReady typed", "use typed"])
    #expect(
      diagnostics.all == [
        .wrongRootType(flow: "TabMoviesFlow", expected: "TabBar", actual: "NavigationStack")
      ])
  }
}
