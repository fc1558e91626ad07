import ReactorFlow
import ReactorFlowHeadless

final class ShotListViewController: BaseViewController, View {

  // MARK: Properties

  @BindsReactor var reactor: ShotListViewReactor?
  fileprivate let analytics: DrrribleAnalytics

  // MARK: UI

  let refreshControl = RefreshControl()
  let collectionView = UICollectionView()

  // MARK: Initializing

  init(
    reactor: ShotListViewReactor,
    analytics: DrrribleAnalytics
  ) {
    defer { self.reactor = reactor }
    self.analytics = analytics
    super.init()
    self.title = "shots".localized
    self.tabBarItem.image = "tab-shots"
    self.tabBarItem.selectedImage = "tab-shots-selected"
  }

  // MARK: View Life Cycle

  override func viewDidLoad() {
    super.viewDidLoad()
    self.reactor?.action.onNext(.refresh)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // Analytics
    self.analytics.log(.viewShotList)
  }

  // MARK: Configuring

  func bind(reactor: ShotListViewReactor) {
    // Action
    self.refreshControl.onValueChanged = { [weak self] in
      self?.reactor?.action.onNext(.refresh)
    }

    self.collectionView.onReachedBottom = { [weak self] in
      self?.reactor?.action.onNext(.loadMore)
    }

    // State
    reactor.observe(\.isRefreshing) { [weak self] isRefreshing in
      self?.refreshControl.isRefreshing = isRefreshing
    }
    .disposed(by: self.disposeBag)

    reactor.observeState { [weak self] state in
      self?.content = state.sections.flatMap(\.items).map { sectionItem in
        switch sectionItem {
        case .shotTile(let reactor): return reactor.shot.title
        }
      }
    }
    .disposed(by: self.disposeBag)
  }
}
