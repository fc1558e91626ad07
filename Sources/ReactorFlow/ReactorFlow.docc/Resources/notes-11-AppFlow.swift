import ReactorFlowHeadless

final class AppFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Notes")
  private let service: any AuthService

  init(service: any AuthService) { self.service = service }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .homeIsRequired:
      navigationController.pushViewController(Screen(title: "Notes"), animated: false)
      return .one(flowContributor: .forwardToCurrentFlow(withStep: AppStep.signInIsRequired))
    case .signInIsRequired:
      let signInFlow = SignInFlow(service: service)
      Flows.use(signInFlow, when: .created) { [navigationController] (root: NavigationStack) in
        navigationController.present(root, style: .fullScreen)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: signInFlow,
          withNextStepper: OneStepper(withSingleStep: AppStep.signInIsRequired)))
    case .signInIsComplete:
      navigationController.dismiss(animated: true)
      return .none
    }
  }
}
