import ReactorFlow
import ReactorFlowHeadless

final class MainTabBarController: TabBar, View {

  // MARK: Properties

  @BindsReactor var reactor: MainTabBarViewReactor?
  var disposeBag = DisposeBag()

  // MARK: Initializing

  init(
    reactor: MainTabBarViewReactor,
    shotListViewController: ShotListViewController,
    settingsViewController: SettingsViewController
  ) {
    defer { self.reactor = reactor }
    super.init()
    self.viewControllers = [shotListViewController, settingsViewController]
      .map { viewController -> NavigationStack in
        let navigationController = NavigationStack(rootViewController: viewController)
        navigationController.tabBarItem = viewController.tabBarItem
        navigationController.tabBarItem.title = nil
        return navigationController
      }
  }

  // MARK: Configuring

  func bind(reactor: MainTabBarViewReactor) {
  }
}
