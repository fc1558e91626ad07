import ReactorFlow
import ReactorFlowHeadless

final class OnboardingFlow: Flow {
  var root: Presentable {
    return self.rootViewController
  }

  private lazy var rootViewController: NavigationStack = {
    let viewController = NavigationStack()
    viewController.topViewController?.navigationItem.title = "OnBoarding"
    return viewController
  }()

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
    case .introIsRequired:
      return navigationToOnboardingIntroScreen()
    case .introIsComplete:
      return .end(forwardToParentFlowWithStep: SampleStep.onboardingIsComplete)
    default:
      return .none
    }
  }

  private func navigationToOnboardingIntroScreen() -> FlowContributors {
    let onboardingIntroViewController = OnboardingIntroViewController(
      preferencesService: self.services.preferencesService)
    onboardingIntroViewController.title = "앱 소개"

    self.rootViewController.pushViewController(onboardingIntroViewController, animated: false)
    return .one(
      flowContributor: .contribute(
        withNextPresentable: onboardingIntroViewController, withNextStepper: onboardingIntroViewController))
  }
}
