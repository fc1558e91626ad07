import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 001 (Reactorkit에 coordinator 패턴 적용해보기): ReactorKit with the classic Coordinator
// pattern — an AppCoordinator that owns every child coordinator and implements their delegates.
// The post's own `protocol Coordinator` (001-01) is ReactorFlow's `Coordinator` (same
// `childCoordinators` and `start()`; `navigationController` stays a property of each class). The
// post's first DiaryDetailCoordinator (001-06) is in `FirstVersion`; the file scope has the last
// version of each type. Types the post uses but does not show (Diary, MainReactor, the detail
// and edit screens, DiaryDetailEditCoordinator) are the smallest that fit.

// MARK: - Not shown in the post

private struct Diary: Equatable {
  var title: String
}

private struct DiarySection {
  var items: [Diary]
}

private final class MainReactor: Reactor {
  enum Action { case refresh }
  struct State {
    var diarySectionList: [DiarySection] = [
      DiarySection(items: [Diary(title: "Monday"), Diary(title: "Tuesday")]),
      DiarySection(items: [Diary(title: "Holiday")]),
    ]
  }
  let initialState = State()
  let store = ReactorStore<MainReactor>()
  func reduce(state: State, mutation: Action) -> State { state }
}

private final class DiaryDetailViewController: Screen {
  let view = UIView()
  var diary: Diary? {
    didSet { title = diary?.title ?? "" }
  }
}

private final class DiaryDetailEditViewController: Screen {}

private final class DiaryDetailEditCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  var navigationController: NavigationStack

  init(navigationController: NavigationStack) {
    self.navigationController = navigationController
  }

  func start() {
    self.navigationController.pushViewController(
      DiaryDetailEditViewController(title: "Edit"), animated: true)
  }
}

// MARK: - 001-01 + 001-05: AppCoordinator

private final class AppCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  var navigationController: NavigationStack

  init(navigationController: NavigationStack) {
    self.navigationController = navigationController
  }

  func start() {
    self.showMainViewController()
  }

  func showMainViewController() {
    let coordinator = MainCoordinator(navigationController: self.navigationController)
    coordinator.delegate = self
    coordinator.start()
    self.childCoordinators.append(coordinator)
  }
}

extension AppCoordinator: MainCoordinatorDelegate {
  func showDiaryDetail(_ coordinator: MainCoordinator, diary: Diary) {
    let coordinator = DiaryDetailCoordinator(
      navigationController: coordinator.navigationController, diary: diary)
    coordinator.start()
    self.childCoordinators.append(coordinator)
  }
}

// MARK: - 001-02: SceneDelegate (the UIScene callback's body is `scene()`)

@MainActor private final class SceneDelegate {
  var window: Window?

  func scene() {
    let window = Window()
    self.window = window

    let navigationController = NavigationStack()
    self.window?.rootViewController = navigationController

    let coordinator = AppCoordinator(navigationController: navigationController)
    coordinator.start()

    self.window?.makeKeyAndVisible()
  }
}

// MARK: - 001-03: MainCoordinator

// Swift 6: the delegate protocols a coordinator or a screen adopts are `@MainActor`, as they are.
@MainActor
private protocol MainCoordinatorDelegate {
  func showDiaryDetail(_ coordinator: MainCoordinator, diary: Diary)
}

private final class MainCoordinator: Coordinator, MainViewControllerDelegate {
  var childCoordinators: [Coordinator] = []
  var delegate: MainCoordinatorDelegate?
  var navigationController: NavigationStack

  init(navigationController: NavigationStack) {
    self.navigationController = navigationController
  }

  func start() {
    let mainViewReactor = MainReactor()
    let mainVC = MainViewController(reactor: mainViewReactor)
    mainVC.delegate = self
    self.navigationController.viewControllers = [mainVC]
  }

  func showDiaryDetail(content: Diary) {
    self.delegate?.showDiaryDetail(self, diary: content)
  }
}

// MARK: - 001-04: MainViewController (its bind(reactor:))

@MainActor
private protocol MainViewControllerDelegate {
  func showDiaryDetail(content: Diary)
}

private final class MainViewController: Screen, View {
  var delegate: MainViewControllerDelegate?
  var disposeBag = DisposeBag()
  @BindsReactor var reactor: MainReactor?
  let tableView = UITableView()

  convenience init(reactor: MainReactor) {
    self.init(title: "Diary")
    self.reactor = reactor
  }

  func bind(reactor: MainReactor) {
    tableView.onItemSelected = { [weak self] indexPath in
      let content = reactor.currentState.diarySectionList[indexPath.section]
      let diary = content.items[indexPath.row]
      self?.delegate?.showDiaryDetail(content: diary)
    }
  }
}

// MARK: - 001-06: the first DiaryDetailCoordinator

private enum FirstVersion {
  final class DiaryDetailCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var navigationController: NavigationStack

    private let diary: Diary

    init(
      navigationController: NavigationStack,
      diary: Diary
    ) {
      self.navigationController = navigationController
      self.diary = diary
    }

    func start() {
      let diaryDetailVC = DiaryDetailViewController()
      diaryDetailVC.diary = self.diary
      diaryDetailVC.view.backgroundColor = .white
      self.navigationController.pushViewController(diaryDetailVC, animated: true)
    }
  }
}

// MARK: - 001-07: DiaryDetailCoordinator with its delegate

@MainActor
private protocol DiaryDetailCoordinatorDelegate {
  func showDiaryDetailEdit(_ coordinator: DiaryDetailCoordinator)
}

private final class DiaryDetailCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  var navigationController: NavigationStack
  var delegate: DiaryDetailCoordinatorDelegate?

  private let diary: Diary

  init(
    navigationController: NavigationStack,
    diary: Diary
  ) {
    self.navigationController = navigationController
    self.diary = diary
  }

  func start() {
    let diaryDetailVC = DiaryDetailViewController()
    diaryDetailVC.diary = self.diary
    diaryDetailVC.view.backgroundColor = .white
    self.navigationController.pushViewController(diaryDetailVC, animated: true)
  }

  func didTapDetailEdit() {
    self.delegate?.showDiaryDetailEdit(self)
  }
}

// MARK: - 001-08: AppCoordinator as the detail's delegate

extension AppCoordinator: DiaryDetailCoordinatorDelegate {
  func showDiaryDetailEdit(_ coordinator: DiaryDetailCoordinator) {
    let coordinator = DiaryDetailEditCoordinator(navigationController: coordinator.navigationController)
    coordinator.start()
    self.childCoordinators.append(coordinator)
  }
}

// MARK: - Checks

@MainActor
@Suite("Seed 001 ports: ReactorKit with the classic Coordinator pattern", .checksLeaks)
struct Seed001Ports {
  /// The post's delegates are strong, so AppCoordinator ↔ MainCoordinator and
  /// MainCoordinator → stack → MainViewController → MainCoordinator are cycles (harmless for
  /// app-lifetime coordinators); a test breaks them to end with nothing alive.
  private func tearDown(_ main: MainViewController?) {
    let mainCoordinator = main?.delegate as? MainCoordinator
    (mainCoordinator?.delegate as? AppCoordinator)?.finish()
    main?.delegate = nil
  }

  @Test("001-01/02/03: the scene shows the diary list through AppCoordinator → MainCoordinator")
  func sceneShowsMain() throws {
    let sceneDelegate = SceneDelegate()
    sceneDelegate.scene()
    let window = try #require(sceneDelegate.window)
    let main = window.topScreen as? MainViewController
    #expect(main != nil)
    #expect(main?.reactor != nil)
    let mainCoordinator = main?.delegate as? MainCoordinator
    let appCoordinator = mainCoordinator?.delegate as? AppCoordinator
    #expect(appCoordinator?.childCoordinators.count == 1)
    #expect(appCoordinator?.childCoordinators.first === mainCoordinator)
    tearDown(main)
  }

  @Test(
    "001-04/05/06: selecting a cell goes view → MainCoordinator → AppCoordinator, which pushes the detail")
  func cellSelectionPushesDetail() {
    let navigationController = NavigationStack()
    let window = Window()
    window.rootViewController = navigationController
    let coordinator = AppCoordinator(navigationController: navigationController)
    coordinator.start()
    let main = window.topScreen as? MainViewController
    main?.tableView.selectRow(at: IndexPath(row: 0, section: 1))
    let detail = window.topScreen as? DiaryDetailViewController
    #expect(detail?.diary == Diary(title: "Holiday"))
    #expect(detail?.view.backgroundColor == .white)
    #expect(navigationController.viewControllers.count == 2)
    #expect(coordinator.childCoordinators.count == 2)
    #expect(coordinator.childCoordinators.last is DiaryDetailCoordinator)
    tearDown(main)
  }

  @Test("001-06: the first detail coordinator pushes the diary it was given")
  func firstDetailCoordinator() {
    let navigationController = NavigationStack(rootViewController: Screen(title: "Diary"))
    let window = Window()
    window.rootViewController = navigationController
    FirstVersion.DiaryDetailCoordinator(
      navigationController: navigationController, diary: Diary(title: "Monday")
    )
    .start()
    #expect(window.topScreen?.title == "Monday")
  }

  @Test("001-07/08: the detail's edit request reaches AppCoordinator, which pushes the editor")
  func editThroughAppCoordinator() {
    let navigationController = NavigationStack()
    let window = Window()
    window.rootViewController = navigationController
    let coordinator = AppCoordinator(navigationController: navigationController)
    coordinator.start()
    let main = window.topScreen as? MainViewController
    main?.tableView.selectRow(at: IndexPath(row: 1, section: 0))
    let detailCoordinator = coordinator.childCoordinators.last as? DiaryDetailCoordinator
    // The post's step 2: the detail coordinator's delegate is AppCoordinator (001-05 does not
    // show where it is set).
    detailCoordinator?.delegate = coordinator
    detailCoordinator?.didTapDetailEdit()
    #expect(window.topScreen is DiaryDetailEditViewController)
    #expect(navigationController.viewControllers.map(\.title) == ["Diary", "Tuesday", "Edit"])
    #expect(coordinator.childCoordinators.count == 3)
    detailCoordinator?.delegate = nil
    tearDown(main)
  }
}
