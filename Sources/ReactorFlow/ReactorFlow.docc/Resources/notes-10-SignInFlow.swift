import ReactorFlowHeadless

final class SignInFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Sign in")
  private let service: any AuthService

  init(service: any AuthService) { self.service = service }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .signInIsRequired:
      let reactor = SignInReactor(service: service)
      let screen = SignInScreen(reactor: reactor)
      navigationController.pushViewController(screen, animated: false)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .signInIsComplete:
      return .end(forwardToParentFlowWithStep: AppStep.signInIsComplete)
    case .homeIsRequired:
      return .none
    }
  }
}
