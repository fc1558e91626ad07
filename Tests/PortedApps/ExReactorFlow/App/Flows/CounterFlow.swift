import ReactorFlow
import ReactorFlowHeadless

final class CounterFlow: Flow {

  var root: Presentable {
    return self.rootViewController
  }

  private let rootViewController = NavigationStack()
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
    case .counterIsRequired:
      return navigateToCounterScreen()
    default:
      return .none
    }
  }

  private func navigateToCounterScreen() -> FlowContributors {
    let viewController = CounterViewController()
    viewController.title = "Counter"

    self.rootViewController.pushViewController(viewController, animated: true)
    return .one(
      flowContributor: .contribute(
        withNextPresentable: viewController,
        withNextStepper: NoneStepper()))
  }
}
