import ReactorFlow
import ReactorFlowHeadless

// The diary app of the post "Reactorkit에 coordinator 패턴 적용해보기", on the classic Coordinator
// pattern — list → detail → edit and back — without the delegate chains.

struct Diary: Equatable, Sendable {
  var title: String
  var body: String
}

final class MainReactor: Reactor {
  enum Action { case load }
  struct State { var diaries: [Diary] = [] }
  let initialState = State()
  let store = ReactorStore<MainReactor>()
  func reduce(state: State, mutation: Action) -> State {
    State(diaries: [Diary(title: "Day 1", body: "Sunny"), Diary(title: "Day 2", body: "Rain")])
  }
}

final class MainViewController: Screen, View {
  @BindsReactor var reactor: MainReactor?
  var disposeBag = DisposeBag()
  /// Replaces the post's `MainViewControllerDelegate`: the coordinator sets it.
  var onSelect: ((Diary) -> Void)?

  init(reactor: MainReactor) {
    super.init(title: "Diaries")
    self.reactor = reactor
  }

  func bind(reactor: MainReactor) {
    reactor.observe(\.diaries) { [weak self] diaries in
      self?.content = diaries.map(\.title)
    }
    .disposed(by: disposeBag)
    reactor.send(.load)
  }

  /// `tableView.rx.itemSelected` in the post.
  func selectRow(_ row: Int) {
    guard let diaries = reactor?.currentState.diaries, diaries.indices.contains(row) else { return }
    onSelect?(diaries[row])
  }
}

final class DiaryDetailViewController: Screen {
  var onEdit: (() -> Void)?
  init(diary: Diary) { super.init(title: diary.title, content: [diary.body]) }
  func tapEdit() { onEdit?() }
}

final class AppCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  weak var parentCoordinator: Coordinator?
  let navigationController: NavigationStack

  init(navigationController: NavigationStack) {
    self.navigationController = navigationController
  }

  func start() {
    start(child: MainCoordinator(navigationController: navigationController))
  }
}

final class MainCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  weak var parentCoordinator: Coordinator?
  let navigationController: NavigationStack

  init(navigationController: NavigationStack) {
    self.navigationController = navigationController
  }

  func start() {
    let mainVC = MainViewController(reactor: MainReactor())
    mainVC.onSelect = { [unowned self] diary in self.showDiaryDetail(diary) }
    navigationController.setViewControllers([mainVC])
  }

  func showDiaryDetail(_ diary: Diary) {
    start(child: DiaryDetailCoordinator(navigationController: navigationController, diary: diary))
  }
}

final class DiaryDetailCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  weak var parentCoordinator: Coordinator?
  let navigationController: NavigationStack
  private let diary: Diary

  init(navigationController: NavigationStack, diary: Diary) {
    self.navigationController = navigationController
    self.diary = diary
  }

  func start() {
    let diaryDetailVC = DiaryDetailViewController(diary: diary)
    diaryDetailVC.onEdit = { [unowned self] in
      self.start(child: DiaryDetailEditCoordinator(navigationController: navigationController, diary: diary))
    }
    navigationController.pushViewController(diaryDetailVC)
    finish(whenDismissed: diaryDetailVC)
  }
}

final class DiaryDetailEditCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  weak var parentCoordinator: Coordinator?
  let navigationController: NavigationStack
  private let diary: Diary

  init(navigationController: NavigationStack, diary: Diary) {
    self.navigationController = navigationController
    self.diary = diary
  }

  func start() {
    let edit = Screen(title: "Edit \(diary.title)", content: [diary.body])
    navigationController.pushViewController(edit)
    finish(whenDismissed: edit)
  }
}
