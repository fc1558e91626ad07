import ReactorFlow
import ReactorFlowHeadless

final class DashboardFlow: Flow {
  var root: Presentable {
    return self.rootViewController
  }

  let rootViewController = TabBar()
  private let services: AppServices

  init(withServices services: AppServices) {
    self.services = services
  }

  deinit {
    log.info("\(type(of: self)): \(#function)")
  }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? SampleStep else { return .none }
    switch step {
    case .dashboardIsRequired:
      return navigateToDashboard()
    default:
      return .none
    }
  }

  private func navigateToDashboard() -> FlowContributors {
    let counterFlow = CounterFlow(withServices: self.services)
    let githubSearchFlow = GitHubSearchFlow(withServices: self.services)

    Flows.whenReady(flow1: counterFlow, flow2: githubSearchFlow) {
      [unowned self] (root1: NavigationStack, root2: NavigationStack) in
      let tabBarItem1 = TabBarItem(title: "Counter", image: nil, selectedImage: nil)
      let tabBarItem2 = TabBarItem(title: "Search", image: nil, selectedImage: nil)

      root1.tabBarItem = tabBarItem1
      root1.title = "Counter"
      root2.tabBarItem = tabBarItem2
      root2.title = "GitHub Search"
      self.rootViewController.setViewControllers([root1, root2], animated: false)
    }
    return .multiple(flowContributors: [
      .contribute(
        withNextPresentable: counterFlow,
        withNextStepper: OneStepper(withSingleStep: SampleStep.counterIsRequired)),
      .contribute(
        withNextPresentable: githubSearchFlow,
        withNextStepper: OneStepper(withSingleStep: SampleStep.gitHubSearchIsRequired)),
    ])
  }
}
