import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 001 ("Reactorkit에 coordinator 패턴 적용해보기"): a diary app on the classic Coordinator
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
  /// Replaces the seed's `MainViewControllerDelegate`: the coordinator sets it.
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

  /// `tableView.rx.itemSelected` in the seed.
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

@MainActor
@Suite("Seed 001: classic coordinators for a diary app", .checksLeaks)
struct Seed001Tests {
  @Test("list → detail → edit and back: children added on start, removed when their screen is gone")
  func diaryScenario() {
    let leaks = LeakTracker()
    let window = Window()
    let navigationController = NavigationStack(title: "Diary")
    window.rootViewController = navigationController
    let app = AppCoordinator(navigationController: navigationController)
    app.start()
    #expect(
      window.render() == """
        window
          navigation "Diary" *
            screen "Diaries" *
              | Day 1
              | Day 2
        """)
    let main = app.childCoordinators.first as? MainCoordinator
    #expect(main != nil)

    do {
      (window.topScreen as? MainViewController)?.selectRow(1)
      #expect(window.topScreen?.title == "Day 2")
      let detail = main!.childCoordinators.first!
      leaks.track(detail as AnyObject)
      (window.topScreen as? DiaryDetailViewController)?.tapEdit()
      #expect(window.topScreen?.title == "Edit Day 2")
      leaks.track(detail.childCoordinators.first! as AnyObject)
      leaks.track(window.topScreen!)
    }

    navigationController.popViewController()  // back from edit
    #expect(window.topScreen?.title == "Day 2")
    #expect(main!.childCoordinators.first?.childCoordinators.isEmpty == true)
    navigationController.popViewController()  // back from detail
    #expect(main!.childCoordinators.isEmpty)
    #expect(leaks.alive.isEmpty)
  }

  @Test("a coordinator hosts a flow and forgets it when the flow's root is dismissed")
  func hostsFlow() {
    let leaks = LeakTracker()
    let window = Window()
    let navigationController = NavigationStack(title: "Diary")
    window.rootViewController = navigationController
    let app = AppCoordinator(navigationController: navigationController)
    app.start()
    do {
      let flow = leaks.track(WishlistFlow(title: "Hosted"))
      navigationController.topViewController?.present(flow.rootViewController)
      app.start(
        child: leaks.track(FlowHost(flow: flow, with: OneStepper(withSingleStep: DemoStep.moviesAreRequired)))
      )
      #expect(window.topScreen?.title == "Hosted movies")
      #expect(app.childCoordinators.count == 2)
    }
    navigationController.topViewController?.dismiss()
    #expect(app.childCoordinators.count == 1)
    #expect(leaks.alive.isEmpty)
  }
}
