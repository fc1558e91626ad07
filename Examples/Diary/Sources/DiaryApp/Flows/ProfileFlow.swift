import ReactorFlow
import ReactorFlowHeadless

/// The profile tab: the settings modal as a child flow that ends itself, and the PIN-guarded
/// private notes (local authentication), with a way back to the root.
final class ProfileFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Profile")
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .profileIsRequired:
      let reactor = ProfileReactor(env: env)
      let screen = ProfileScreen(reactor: reactor)
      navigationController.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .settingsAreRequired:
      // A notification may ask for the settings from any tab, while they are already shown, or
      // while the PIN is asked: they open on the profile tab, once; the PIN prompt stays.
      (navigationController.parent as? TabBar)?.select(navigationController)
      guard navigationController.presentedScreen == nil else { return .none }
      let settingsFlow = SettingsFlow(env: env)
      Flows.use(settingsFlow, when: .created) { [weak self] (root: NavigationStack) in
        self?.navigationController.present(root, style: .pageSheet)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: settingsFlow,
          withNextStepper: OneStepper(withSingleStep: AppStep.settingsAreRequired)))
    case .settingsAreComplete:
      // The settings flow ended itself; its parent dismisses what it presented.
      navigationController.dismiss()
      return .none
    case .localAuthIsRequired(let location):
      let reactor = PINReactor(location: location, env: env)
      let screen = PINScreen(reactor: reactor)
      navigationController.present(screen, style: .overFullScreen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .localAuthIsCancelled:
      // Back where the user came from: the profile.
      navigationController.dismiss()
      return .none
    case .userIsLoggedOut:
      return .one(flowContributor: .forwardToParentFlow(withStep: AppStep.userIsLoggedOut))
    case .localAuthIsComplete:
      navigationController.dismiss()
      let reactor = PrivateNotesReactor(env: env)
      let screen = PrivateNotesScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .wayBackToRootIsRequired:
      _ = navigationController.popToRootViewController()
      (navigationController.parent as? TabBar)?.select(0)
      return .none
    default:
      return .none
    }
  }
}

/// The settings modal's own flow; "done" ends it and forwards `settingsAreComplete` to the parent.
final class SettingsFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Settings")
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .settingsAreRequired:
      let reactor = SettingsReactor(env: env)
      let screen = SettingsScreen(reactor: reactor)
      navigationController.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .textFieldIsRequired:
      let reactor = TextFieldViewReactor(env: env)
      let screen = TextFieldScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .accentColorIsRequired:
      let reactor = AccentColorReactor(env: env)
      let screen = AccentColorScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .settingsAreComplete:
      return .end(forwardToParentFlowWithStep: AppStep.settingsAreComplete)
    default:
      return .none
    }
  }
}
