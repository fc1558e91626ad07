import Foundation
import ReactorFlow
import ReactorFlowHeadless

final class SettingsViewController: BaseViewController, View {

  // MARK: Properties

  @BindsReactor var reactor: SettingsViewReactor?
  fileprivate let analytics: DrrribleAnalytics
  fileprivate let versionViewControllerFactory: () -> VersionViewController
  fileprivate let presentLoginScreen: () -> Void

  // MARK: UI

  let tableView = UITableView()

  // MARK: Initializing

  init(
    reactor: SettingsViewReactor,
    analytics: DrrribleAnalytics,
    versionViewControllerFactory: @escaping () -> VersionViewController,
    presentLoginScreen: @escaping () -> Void
  ) {
    defer { self.reactor = reactor }
    self.analytics = analytics
    self.versionViewControllerFactory = versionViewControllerFactory
    self.presentLoginScreen = presentLoginScreen
    super.init()
    self.title = "settings".localized
    self.tabBarItem.image = "tab-settings"
    self.tabBarItem.selectedImage = "tab-settings-selected"
  }

  // MARK: View Life Cycle

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    self.analytics.log(.viewSettingList)
  }

  // MARK: Configuring

  func bind(reactor: SettingsViewReactor) {
    // State
    reactor.observeState { [weak self] state in
      self?.content = state.sections.flatMap(\.items).map { sectionItem in
        let cellState = sectionItem.reactor.currentState
        return [cellState.text, cellState.detailText].compactMap { $0 }.joined(separator: ": ")
      }
    }
    .disposed(by: self.disposeBag)

    reactor.observe(\.isLoggedOut) { [weak self] isLoggedOut in
      guard isLoggedOut else { return }
      self?.analytics.log(.logout)
      self?.presentLoginScreen()
    }
    .disposed(by: self.disposeBag)

    // View
    self.tableView.onItemSelected = { [weak self] indexPath in
      guard let self = self, let reactor = self.reactor else { return }
      let sectionItem = reactor.currentState.sections[indexPath.section].items[indexPath.row]
      switch sectionItem {
      case .version:
        let viewController = self.versionViewControllerFactory()
        self.navigationController?.pushViewController(viewController, animated: true)
      case .github:
        let url = URL(string: "https://github.com/devxoul/Drrrible")!
        let viewController = SFSafariViewController(url: url)
        self.present(viewController, animated: true, completion: nil)
      case .icons:
        let url = URL(string: "https://icons8.com")!
        let viewController = SFSafariViewController(url: url)
        self.present(viewController, animated: true, completion: nil)
      case .openSource:
        let viewController = CarteViewController()
        self.navigationController?.pushViewController(viewController, animated: true)
      case .logout:
        self.analytics.log(.tryLogout)
        let actionSheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let logoutAction = UIAlertAction(title: "logout".localized, style: .destructive) { _ in
          reactor.action.onNext(.logout)
        }
        let cancelAction = UIAlertAction(title: "cancel".localized, style: .cancel, handler: nil)
        [logoutAction, cancelAction].forEach(actionSheet.addAction)
        self.present(actionSheet, animated: true, completion: nil)
      }
    }
  }
}

extension SettingsViewSectionItem {
  /// The cell's reactor (the data source's `configureCell` assigns it to the cell).
  var reactor: SettingItemCellReactor {
    switch self {
    case .version(let reactor), .github(let reactor), .icons(let reactor),
      .openSource(let reactor), .logout(let reactor):
      return reactor
    }
  }
}
