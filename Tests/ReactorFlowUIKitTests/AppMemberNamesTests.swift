import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

/// An app's view controller that has members named as `Presentable`'s: it compiles (the adapter
/// adds them under `rf`, and as protocol-extension witnesses), and each side reads its own.
final class AppOwnNamesViewController: UIViewController {
  var isVisible = "the app's own"
  var isDismissed: [Int] = []
  func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    isDismissed.append(1)
    return .empty
  }
}

/// A flow whose root is a window (RxFlow's app flow) and that sets its root view controller.
final class WindowRootFlow: Flow {
  let window: UIWindow
  let screen = AppOwnNamesViewController()
  init(window: UIWindow) { self.window = window }
  var root: Presentable { window }

  func navigate(to step: Step) -> FlowContributors {
    window.rootViewController = screen
    return .one(
      flowContributor: .contribute(
        withNextPresentable: screen, withNextStepper: OneStepper(withSingleStep: NoneStep())))
  }
}

struct ShowStep: Step {}

@MainActor
@Suite("UIKit adapter: names that cannot collide with an app's, a window as a flow's root", .checksLeaks)
struct AppMemberNamesTests {
  @Test("a view controller with its own isVisible and onDismissed: the coordinator reads the adapter's")
  func ownMembers() {
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    let flow = WindowRootFlow(window: window)
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: ShowStep()))
    let screen = flow.screen
    #expect(screen.isVisible == "the app's own")
    #expect(screen.rf.isVisible && !screen.rf.isDismissed)
    #expect((screen as Presentable).isVisible)
    #expect(flow.isVisible && window.rf.isVisible)
    var dismissed = false
    let subscription = screen.rf.onDismissed { dismissed = true }
    window.rootViewController = nil
    #expect(dismissed && screen.rf.isDismissed)
    #expect(screen.isDismissed.isEmpty)
    subscription.dispose()
    #expect(coordinator.flows.count == 1)
  }
}
