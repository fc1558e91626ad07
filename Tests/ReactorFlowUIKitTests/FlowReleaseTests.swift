import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

enum UIKitStep: Step, Equatable {
  case start
  case push
}

/// A view controller that emits steps.
final class StepperViewControllerProbe: UIViewController, Stepper {
  let steps = PublishRelay<Step>()
}

/// A flow on a navigation controller that pushes a contributed view controller per `.push`.
final class PushingFlow: Flow {
  var root: Presentable { navigationController }
  let navigationController = UINavigationController(nibName: nil, bundle: nil)

  func navigate(to step: Step) -> FlowContributors {
    switch step as? UIKitStep {
    case .start, .push:
      let viewController = StepperViewControllerProbe(nibName: nil, bundle: nil)
      navigationController.pushViewController(viewController, animated: true)
      return .one(flowContributor: .contribute(withNext: viewController))
    default:
      return .none
    }
  }
}

final class CountingReactor: Reactor {
  enum Action: Sendable { case tap }
  struct State { var taps = 0 }
  let initialState = State()
  let store = ReactorStore<CountingReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.taps += 1
    return newState
  }
}

final class DeferredViewController: UIViewController, View {
  @BindsReactorWhenLoaded var reactor: CountingReactor?
  var disposeBag = DisposeBag()
  var bound: [ObjectIdentifier] = []
  var loadedWhenBound: [Bool] = []

  func bind(reactor: CountingReactor) {
    bound.append(ObjectIdentifier(reactor))
    loadedWhenBound.append(isViewLoaded)
  }
}

/// A child flow that fills its stack on its first step and contributes nothing.
final class QuietSheetFlow: Flow {
  var root: Presentable { navigationController }
  let navigationController = UINavigationController(nibName: nil, bundle: nil)

  func navigate(to step: Step) -> FlowContributors {
    navigationController.setViewControllers([UIViewController(nibName: nil, bundle: nil)], animated: false)
    return .none
  }
}

/// A parent flow that presents a `QuietSheetFlow` as a sheet.
final class SheetHostFlow: Flow {
  var root: Presentable { host }
  let host = UIViewController(nibName: nil, bundle: nil)

  func navigate(to step: Step) -> FlowContributors {
    let sheet = QuietSheetFlow()
    Flows.use(sheet, when: .created) { [host] (root: UINavigationController) in
      host.present(root, animated: true)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: sheet, withNextStepper: OneStepper(withSingleStep: UIKitStep.start)))
  }
}

@MainActor
@Suite("UIKit adapter: flows release what the user leaves", .checksLeaks)
struct FlowReleaseTests {
  @Test(
    "a contributed view controller and its stepper are released after a back swipe, not after a cancelled one"
  )
  func backSwipeReleases() {
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    let flow = PushingFlow()
    window.rootViewController = flow.navigationController
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: UIKitStep.start))
    (flow.navigationController.topViewController as? StepperViewControllerProbe)?.steps.accept(UIKitStep.push)
    #expect(flow.navigationController.viewControllers.count == 2)
    weak let pushed = flow.navigationController.topViewController
    flow.navigationController.standInInteractivePop(completes: false)
    #expect(pushed != nil)
    // Still contributed: its steps are handled.
    (pushed as? StepperViewControllerProbe)?.steps.accept(UIKitStep.push)
    #expect(flow.navigationController.viewControllers.count == 3)
    flow.navigationController.standInInteractivePop(completes: true)
    flow.navigationController.standInInteractivePop(completes: true)
    #expect(pushed == nil)
    #expect(flow.navigationController.viewControllers.count == 1)
    window.rootViewController = nil
  }

  @Test("a sheet flow that contributes nothing is still released when the user swipes it away")
  func quietSheetReleased() async {
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    let host = SheetHostFlow()
    window.rootViewController = host.host
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: host, with: OneStepper(withSingleStep: UIKitStep.start))
    #expect(coordinator.flows.count == 2)
    // The next turn of the main actor, as before any user input.
    await Task.yield()
    host.host.presentedViewController?.standInInteractiveDismissal(completes: true)
    #expect(host.host.presentedViewController == nil)
    #expect(coordinator.flows.count == 1)
    window.rootViewController = nil
  }
}
