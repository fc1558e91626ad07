import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// The classic Coordinator pattern as the diary app's post writes it: coordinators with
// `childCoordinators` and `start()` only — no `parentCoordinator` — adopt ReactorFlow's `Coordinator`
// unchanged.

@MainActor
@Suite("Parity: the classic Coordinator pattern", .checksLeaks)
struct CoordinatorParityTests {
  /// The post's shape (a stand-in for the diary app of Tests/Fixtures/ScenarioApps, whose
  /// coordinators declare `parentCoordinator`): no `parentCoordinator`, the parent removes a
  /// finished child.
  final class DetailCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: NavigationStack
    let title: String

    init(navigationController: NavigationStack, title: String) {
      self.navigationController = navigationController
      self.title = title
    }

    func start() {
      navigationController.pushViewController(Screen(title: title))
    }
  }

  final class ListCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = NavigationStack(rootViewController: Screen(title: "Diaries"), title: "app")

    func start() {}

    func showDiaryDetail(_ title: String) -> DetailCoordinator {
      let coordinator = DetailCoordinator(navigationController: navigationController, title: title)
      start(child: coordinator)
      return coordinator
    }
  }

  /// A child that declares `parentCoordinator`: it leaves its parent by itself.
  final class EditCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    weak var parentCoordinator: Coordinator?
    func start() {}
  }

  @Test("a coordinator without parentCoordinator compiles; its parent finishes it with finish(child:)")
  func withoutParentCoordinator() {
    let app = ListCoordinator()
    weak var detailReference: DetailCoordinator?
    do {
      let detail = app.showDiaryDetail("First day")
      detailReference = detail
      #expect(detail.parentCoordinator == nil, "the default: no parent link, setting it does nothing")
      #expect(app.childCoordinators.count == 1)
      #expect(app.navigationController.viewControllers.map(\.title) == ["Diaries", "First day"])
      app.finish(child: detail)
    }
    #expect(app.childCoordinators.isEmpty)
    #expect(detailReference == nil)
  }

  @Test("finish(child:whenDismissed:): the back button finishes a child that has no parent link")
  func finishChildWhenDismissed() {
    let window = Window()
    let app = ListCoordinator()
    window.rootViewController = app.navigationController
    weak var detailReference: DetailCoordinator?
    do {
      let detail = app.showDiaryDetail("First day")
      detailReference = detail
      app.finish(child: detail, whenDismissed: app.navigationController.topViewController!)
    }
    #expect(app.childCoordinators.count == 1)
    app.navigationController.popViewController()  // the back button
    #expect(app.childCoordinators.isEmpty)
    #expect(detailReference == nil)
    window.rootViewController = nil
  }

  @Test("a child that declares parentCoordinator leaves its parent by itself; its children first")
  func withParentCoordinator() {
    let app = ListCoordinator()
    weak var editReference: EditCoordinator?
    weak var grandchildReference: EditCoordinator?
    do {
      let edit = EditCoordinator()
      editReference = edit
      app.start(child: edit)
      #expect(edit.parentCoordinator === app)
      let grandchild = EditCoordinator()
      grandchildReference = grandchild
      edit.start(child: grandchild)
      edit.finish()
    }
    #expect(app.childCoordinators.isEmpty)
    #expect(editReference == nil)
    #expect(grandchildReference == nil)
  }
}
