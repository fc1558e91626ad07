import ReactorFlowUIKit

// The diary app, written against ReactorFlowUIKit: the classic Coordinator pattern on a
// UINavigationController — AppCoordinator → MainCoordinator → DiaryDetailCoordinator →
// DiaryDetailEditCoordinator — where going back (button or swipe) removes the child coordinator,
// through the navigation delegate's `didShow` (CoordinatorNavigationDelegate).

public struct Diary: Equatable, Sendable {
  public let id: Int
  public var title: String
}

public final class DiaryAppCoordinator: Coordinator {
  public var childCoordinators: [Coordinator] = []
  public weak var parentCoordinator: Coordinator?
  public let navigationController: UINavigationController
  /// Finishes the child coordinators whose screen the user leaves by going back.
  public let backTracker = CoordinatorNavigationDelegate()

  public init(navigationController: UINavigationController) {
    self.navigationController = navigationController
  }

  public func start() {
    navigationController.delegate = backTracker
    start(child: MainCoordinator(navigationController: navigationController, backTracker: backTracker))
  }
}

/// The original app's SceneDelegate body.
@MainActor
public func makeDiaryApp(in window: UIWindow) -> DiaryAppCoordinator {
  let navigationController = UINavigationController(nibName: nil, bundle: nil)
  window.rootViewController = navigationController
  let coordinator = DiaryAppCoordinator(navigationController: navigationController)
  coordinator.start()
  window.makeKeyAndVisible()
  return coordinator
}

public final class MainCoordinator: Coordinator {
  public var childCoordinators: [Coordinator] = []
  public weak var parentCoordinator: Coordinator?
  let navigationController: UINavigationController
  let backTracker: CoordinatorNavigationDelegate

  init(navigationController: UINavigationController, backTracker: CoordinatorNavigationDelegate) {
    self.navigationController = navigationController
    self.backTracker = backTracker
  }

  public func start() {
    let mainVC = MainViewController(reactor: MainReactor(diaries: [Diary(id: 1, title: "First day")]))
    mainVC.onDiaryPicked = { [weak self] diary in self?.showDiaryDetail(content: diary) }
    navigationController.viewControllers = [mainVC]
  }

  func showDiaryDetail(content: Diary) {
    let coordinator = DiaryDetailCoordinator(
      navigationController: navigationController, diary: content, backTracker: backTracker)
    start(child: coordinator)
  }
}

public final class DiaryDetailCoordinator: Coordinator {
  public var childCoordinators: [Coordinator] = []
  public weak var parentCoordinator: Coordinator?
  let navigationController: UINavigationController
  let diary: Diary
  let backTracker: CoordinatorNavigationDelegate

  init(navigationController: UINavigationController, diary: Diary, backTracker: CoordinatorNavigationDelegate)
  {
    self.navigationController = navigationController
    self.diary = diary
    self.backTracker = backTracker
  }

  public func start() {
    let detail = DiaryDetailViewController(diary: diary)
    detail.onEdit = { [weak self] in self?.didTapDetailEdit() }
    navigationController.pushViewController(detail, animated: true)
    backTracker.finish(self, whenPopped: detail)
  }

  func didTapDetailEdit() {
    let coordinator = DiaryDetailEditCoordinator(navigationController: navigationController, diary: diary)
    start(child: coordinator)
    backTracker.finish(coordinator, whenPopped: navigationController.topViewController!)
  }
}

public final class DiaryDetailEditCoordinator: Coordinator {
  public var childCoordinators: [Coordinator] = []
  public weak var parentCoordinator: Coordinator?
  let navigationController: UINavigationController
  let diary: Diary

  init(navigationController: UINavigationController, diary: Diary) {
    self.navigationController = navigationController
    self.diary = diary
  }

  public func start() {
    navigationController.pushViewController(
      TitledViewController(title: "Edit \(diary.title)"), animated: true)
  }
}

public final class MainReactor: Reactor {
  public enum Action: Sendable { case refresh }
  public struct State: Sendable { public var diaries: [Diary] }
  public let initialState: State
  public let store = ReactorStore<MainReactor>()
  init(diaries: [Diary]) { initialState = State(diaries: diaries) }
  public func reduce(state: State, mutation: Action) -> State { state }
}

public final class MainViewController: UIViewController, View {
  @BindsReactorWhenLoaded public var reactor: MainReactor?
  public var disposeBag = DisposeBag()
  /// Set by the coordinator (the original app's `MainViewControllerDelegate`).
  public var onDiaryPicked: ((Diary) -> Void)?
  public private(set) var rows: [String] = []

  init(reactor: MainReactor) {
    super.init(nibName: nil, bundle: nil)
    title = "Diary"
    self.reactor = reactor
  }

  public func bind(reactor: MainReactor) {
    reactor.observe(\.diaries.count) { [weak self, weak reactor] _ in
      self?.rows = reactor?.currentState.diaries.map(\.title) ?? []
    }
    .disposed(by: disposeBag)
  }

  /// A tap on a row.
  public func didSelectRow(at index: Int) {
    guard let diary = reactor?.currentState.diaries[safe: index] else { return }
    onDiaryPicked?(diary)
  }
}

public final class DiaryDetailViewController: UIViewController {
  public let diary: Diary
  var onEdit: (() -> Void)?

  init(diary: Diary) {
    self.diary = diary
    super.init(nibName: nil, bundle: nil)
    title = diary.title
  }

  /// The edit button.
  public func editButtonDidTap() { onEdit?() }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
