import Clocks
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 002 (RxFlow, Korean notes): a window-rooted AppFlow that shows a launch screen, which
// moves on by itself to a tab bar of flows; a HomeFlow on a navigation stack. MainFlow and
// MainStepper, which the post uses but does not show, are the smallest that fit (a tab bar whose
// one tab is HomeFlow).

// MARK: - 002-01: Step

private enum ExampleStep: Step {
  case launchIsRequired

  case mainIsRequired

  case homeIsRequired
  case mypageIsRequired

  case homeNext
  case mypageNext
}

// MARK: - 002-02: AppFlow

private final class AppFlow: Flow {

  private let window: Window
  /// Not in the post: the clock LaunchViewController waits on (its `DispatchQueue.asyncAfter`).
  private let clock: any Clock<Duration>

  var root: Presentable {
    return self.window
  }

  init(window: Window, clock: any Clock<Duration>) {
    self.window = window
    self.clock = clock
  }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep else { return .none }

    switch step {
    case .launchIsRequired:
      return navigateToLaunchScreen()
    case .mainIsRequired:
      return navigateToMainTabBar()
    default:
      return .none
    }
  }

  private func navigateToLaunchScreen() -> FlowContributors {
    let viewController = LaunchViewController(clock: clock)
    window.rootViewController = viewController
    return .one(flowContributor: .contribute(withNext: viewController))
  }

  private func navigateToMainTabBar() -> FlowContributors {
    let flow = MainFlow()
    let stepper = MainStepper()

    Flows.use(
      flow, when: .created,
      block: { [unowned self] root in
        self.window.rootViewController = root
      })
    return .one(flowContributor: .contribute(withNextPresentable: flow, withNextStepper: stepper))
  }
}

// MARK: - 002-03: AppStepper (a struct in the post: steppers are classes, MigratingFromRxFlow)

private final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()

  var initialStep: Step {
    return ExampleStep.launchIsRequired
  }
}

// MARK: - 002-04: the SceneDelegate lines

@MainActor
private final class SceneDelegate {
  var coordinator = FlowCoordinator()

  func scene(window: Window, clock: any Clock<Duration>) {
    let appFlow = AppFlow(window: window, clock: clock)
    coordinator.coordinate(flow: appFlow, with: AppStepper())
  }
}

// MARK: - 002-05: LaunchViewController

private final class LaunchViewController: Screen, Stepper {
  var steps = PublishRelay<Step>()

  let view = UIView()
  private let label: UILabel = {
    let v = UILabel()
    return v
  }()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
    super.init(title: "Launch")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .gray
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    Task { [unowned self, clock] in
      try await clock.sleep(for: .seconds(2))
      self.steps.accept(ExampleStep.mainIsRequired)
    }
  }
}

// MARK: - Not shown in the post: MainFlow and MainStepper

private final class MainFlow: Flow {
  var root: Presentable { rootViewController }
  private let rootViewController = TabBar(title: "Main")

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep, step == .homeIsRequired else { return .none }
    let homeFlow = HomeFlow()
    Flows.use(homeFlow, when: .created) { [unowned self] root in
      self.rootViewController.setViewControllers([root], animated: false)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: homeFlow, withNextStepper: OneStepper(withSingleStep: ExampleStep.homeIsRequired)
      ))
  }
}

private final class MainStepper: Stepper {
  let steps = PublishRelay<Step>()
  var initialStep: Step { ExampleStep.homeIsRequired }
}

// MARK: - 002-06: HomeFlow

private final class HomeViewController: Screen, Stepper {
  let steps = PublishRelay<Step>()
}

private final class HomeNextViewController: Screen {}

private final class HomeFlow: Flow {
  var root: Presentable {
    return self.navigationController
  }

  private let navigationController = NavigationStack()

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep else { return .none }
    switch step {
    case .homeIsRequired:
      return navigateToHome()
    case .homeNext:
      return navigateToNext()
    default:
      return .none
    }
  }

  private func navigateToHome() -> FlowContributors {
    let viewController = HomeViewController()
    viewController.title = "Home"
    navigationController.pushViewController(
      viewController, animated: false
    )
    return .one(flowContributor: .contribute(withNext: viewController))
  }

  private func navigateToNext() -> FlowContributors {
    let viewController = HomeNextViewController()
    viewController.title = "Home_Next"
    navigationController.pushViewController(
      viewController, animated: true
    )
    return .none
  }
}

// MARK: - Checks

@MainActor
@Suite("Seed 002 ports: a launch screen that moves on by itself, a tab bar of flows", .checksLeaks)
struct Seed002Ports {
  @Test("002-01…05: launch first; 2 s after it appears, the main tab bar with Home")
  func launchThenMain() async {
    let clock = TestClock()
    let window = Window()
    let sceneDelegate = SceneDelegate()
    sceneDelegate.scene(window: window, clock: clock)
    #expect(window.topScreen is LaunchViewController)
    #expect((window.topScreen as? LaunchViewController)?.view.backgroundColor == .gray)

    var navigated = sceneDelegate.coordinator.didNavigate.makeAsyncIterator()
    await clock.advanceAfterSleeping(by: .seconds(2))
    while let event = await navigated.next(),
      !(event.step as? ExampleStep == .homeIsRequired && event.flow is HomeFlow)
    {}
    #expect(
      window.render() == """
        window
          tabs "Main" tabs: [] *
            navigation *
              screen "Home" *
        """)
  }

  @Test("002-06: homeNext pushes Home_Next on the home stack, which contributes nothing")
  func homeNext() {
    let window = Window()
    let homeFlow = HomeFlow()
    Flows.use(homeFlow, when: .created) { root in window.rootViewController = root }
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: homeFlow, with: OneStepper(withSingleStep: ExampleStep.homeIsRequired))
    let home = window.topScreen as? HomeViewController
    #expect(home?.title == "Home")
    home?.steps.accept(ExampleStep.homeNext)
    #expect(window.topScreen is HomeNextViewController)
    #expect(window.topScreen?.title == "Home_Next")
  }
}
