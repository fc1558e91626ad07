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
      return .none
    case .signInIsRequired, .signInIsComplete:
      return .none
    }
  }
}
