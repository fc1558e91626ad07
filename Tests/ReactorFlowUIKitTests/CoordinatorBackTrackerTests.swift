import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

// The navigation-delegate `didShow` technique with seed 001's coordinators, which declare no
// `parentCoordinator`: the parent is named at registration, or the omission is reported.

@MainActor
@Suite("CoordinatorNavigationDelegate with coordinators that have no parentCoordinator", .checksLeaks)
struct CoordinatorBackTrackerTests {
  final class DetailCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
      self.navigationController = navigationController
    }

    func start() {
      navigationController.pushViewController(UIViewController(nibName: nil, bundle: nil), animated: true)
    }
  }

  final class ListCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController(
      rootViewController: UIViewController(nibName: nil, bundle: nil))
    let backTracker = CoordinatorNavigationDelegate()

    init() {
      navigationController.delegate = backTracker
    }

    func start() {}

    func showDetail(namingParent: Bool) {
      let child = DetailCoordinator(navigationController: navigationController)
      start(child: child)
      if namingParent {
        backTracker.finish(child, of: self, whenPopped: navigationController.topViewController!)
      } else {
        backTracker.finish(child, whenPopped: navigationController.topViewController!)
      }
    }
  }

  @Test("finish(_:of:whenPopped:): the back button removes a child that has no parentCoordinator")
  func namedParent() async {
    let window = UIWindow(frame: .zero)
    let list = ListCoordinator()
    window.rootViewController = list.navigationController
    window.makeKeyAndVisible()
    let diagnostics = await withDiagnostics {
      list.showDetail(namingParent: true)
    }
    #expect(diagnostics.isEmpty)
    weak let detail = list.childCoordinators.first
    #expect(detail != nil)
    list.navigationController.popViewController(animated: true)
    #expect(list.childCoordinators.isEmpty)
    #expect(detail == nil)
    window.rootViewController = nil
  }

  @Test("finish(_:whenPopped:) with a child that has no parentCoordinator is reported")
  func missingParentReported() async {
    let list = ListCoordinator()
    let diagnostics = await withDiagnostics {
      list.showDetail(namingParent: false)
    }
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message.contains("DetailCoordinator has no parentCoordinator") == true)
    #expect(diagnostics.first?.message.contains("finish(_:of:whenPopped:)") == true)
    list.finish(child: list.childCoordinators[0])
    #expect(list.childCoordinators.isEmpty)
  }
}
