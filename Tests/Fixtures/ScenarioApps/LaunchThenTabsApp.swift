import ReactorFlow
import ReactorFlowHeadless

// The app of the post "RxFlow": a window-rooted AppFlow, a launch screen that moves on after 2 s, a tab
// bar with a home flow and a my-page flow, and `.homeNext` pushing onto the home stack.

enum ExampleStep: Step {
  case launchIsRequired
  case mainIsRequired
  case homeIsRequired
  case mypageIsRequired
  case homeNext
  case mypageNext
}

final class AppFlow002: Flow {
  private let window: Window
  let clock: any Clock<Duration>

  var root: Presentable { window }

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
    let stepper = OneStepper(withSingleStep: ExampleStep.homeIsRequired)
    Flows.use(flow, when: .created) { [unowned self] root in
      self.window.rootViewController = root
    }
    return .one(flowContributor: .contribute(withNextPresentable: flow, withNextStepper: stepper))
  }
}

/// The post's `struct AppStepper`: a stepper is a class here (its steps are observed by
/// identity), otherwise unchanged.
final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()
  var initialStep: Step { ExampleStep.launchIsRequired }
}

/// The post's `LaunchViewController`: after it appears, waits 2 s and emits `.mainIsRequired`.
final class LaunchViewController: Screen, Stepper {
  let steps = PublishRelay<Step>()
  let clock: any Clock<Duration>
  private var timer: Task<Void, Never>?

  init(clock: any Clock<Duration>) {
    self.clock = clock
    super.init(title: "Launch", content: ["(gray)"])
  }

  func readyToEmitSteps() {
    timer = Task { [clock, steps] in
      try? await clock.sleep(for: .seconds(2))
      steps.accept(ExampleStep.mainIsRequired)
    }
  }
}

/// The tab bar of the post's MainFlow: home and my-page flows, each with its own stack.
final class MainFlow: Flow {
  var root: Presentable { tabBar }
  let tabBar = TabBar(title: "Main")
  let homeFlow = HomeFlow()
  let mypageFlow = MypageFlow()

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep, step == .homeIsRequired else { return .none }
    Flows.use(homeFlow, mypageFlow, when: .ready) {
      [unowned self] (home: NavigationStack, mypage: NavigationStack) in
      self.tabBar.setViewControllers([home, mypage])
    }
    return .multiple(
      .contribute(
        withNextPresentable: homeFlow, withNextStepper: OneStepper(withSingleStep: ExampleStep.homeIsRequired)
      ),
      .contribute(
        withNextPresentable: mypageFlow,
        withNextStepper: OneStepper(withSingleStep: ExampleStep.mypageIsRequired))
    )
  }
}

final class HomeViewController: Screen, Stepper {
  let steps = PublishRelay<Step>()
  func tapNext() { steps.accept(ExampleStep.homeNext) }
}

final class HomeFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Home")

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
    let viewController = HomeViewController(title: "Home")
    navigationController.pushViewController(viewController)
    return .one(flowContributor: .contribute(withNext: viewController))
  }

  private func navigateToNext() -> FlowContributors {
    let viewController = Screen(title: "Home_Next")
    navigationController.pushViewController(viewController)
    return .none
  }
}

final class MypageFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "MyPage")

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep, step == .mypageIsRequired else { return .none }
    navigationController.pushViewController(Screen(title: "MyPage"))
    return .none
  }
}

extension ExampleStep: Equatable {}
