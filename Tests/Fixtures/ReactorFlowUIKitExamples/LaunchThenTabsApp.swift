import ReactorFlowUIKit

// The launch-then-tabs app, written against ReactorFlowUIKit: a SceneDelegate starts a FlowCoordinator on
// AppFlow(window:); a launch screen moves on by itself to a tab bar of two flows.

public enum ExampleStep: Step, Equatable {
  case launchIsRequired
  case mainIsRequired
  case homeIsRequired
  case mypageIsRequired
  case homeNext
  case mypageNext
}

public final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  public var window: UIWindow?
  public let coordinator = FlowCoordinator()
  /// How long the launch screen stays (the original app waits two seconds).
  public var launchDuration: Duration = .seconds(2)

  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    self.window = window
    window.makeKeyAndVisible()
    let appFlow = AppFlow(window: window, launchDuration: launchDuration)
    coordinator.coordinate(flow: appFlow, with: AppStepper())
  }
}

/// The original app's `struct AppStepper` is a class here: steppers are `@MainActor` objects.
public final class AppStepper: Stepper {
  public let steps = PublishRelay<Step>()
  public var initialStep: Step { ExampleStep.launchIsRequired }
}

public final class AppFlow: Flow {
  private let window: UIWindow
  private let launchDuration: Duration

  public var root: Presentable { self.window }

  public init(window: UIWindow, launchDuration: Duration) {
    self.window = window
    self.launchDuration = launchDuration
  }

  public func navigate(to step: Step) -> FlowContributors {
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
    let viewController = LaunchViewController(duration: launchDuration)
    window.rootViewController = viewController
    return .one(flowContributor: .contribute(withNext: viewController))
  }

  private func navigateToMainTabBar() -> FlowContributors {
    let flow = MainFlow()
    Flows.use(flow, when: .created) { [unowned self] (root: UITabBarController) in
      self.window.rootViewController = root
    }
    return .one(flowContributor: .contribute(withNextPresentable: flow, withNextStepper: MainStepper()))
  }
}

public final class LaunchViewController: UIViewController, Stepper {
  public let steps = PublishRelay<Step>()
  private let duration: Duration
  private var timer: Task<Void, Never>?

  init(duration: Duration) {
    self.duration = duration
    super.init(nibName: nil, bundle: nil)
    title = "Launch"
  }

  public override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // The original app's `DispatchQueue.main.asyncAfter(deadline: .now() + 2)`, cancelled if the
    // screen goes away first.
    let duration = self.duration
    timer = Task { [weak self] in
      try? await Task.sleep(for: duration)
      guard !Task.isCancelled else { return }
      self?.steps.accept(ExampleStep.mainIsRequired)
    }
  }

  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    timer?.cancel()
  }
}

public final class MainStepper: Stepper {
  public let steps = PublishRelay<Step>()
  public var initialStep: Step { ExampleStep.mainIsRequired }
}

/// The tab bar: Home and MyPage, each its own flow, started together once both are ready.
public final class MainFlow: Flow {
  public var root: Presentable { rootViewController }
  let rootViewController = UITabBarController(nibName: nil, bundle: nil)

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep, step == .mainIsRequired else { return .none }
    let homeFlow = HomeFlow(title: "Home", first: .homeIsRequired, next: .homeNext)
    let mypageFlow = HomeFlow(title: "MyPage", first: .mypageIsRequired, next: .mypageNext)
    Flows.use(homeFlow, mypageFlow, when: .ready) {
      [rootViewController] (home: UINavigationController, mypage: UINavigationController) in
      home.tabBarItem = UITabBarItem(title: "Home", image: UIImage(systemName: "house"), selectedImage: nil)
      mypage.tabBarItem = UITabBarItem(
        title: "MyPage", image: UIImage(systemName: "person"), selectedImage: nil)
      rootViewController.setViewControllers([home, mypage], animated: false)
    }
    return .multiple(
      .contribute(
        withNextPresentable: homeFlow, withNextStepper: OneStepper(withSingleStep: ExampleStep.homeIsRequired)
      ),
      .contribute(
        withNextPresentable: mypageFlow,
        withNextStepper: OneStepper(withSingleStep: ExampleStep.mypageIsRequired)))
  }
}

/// The original app's HomeFlow (MyPage is the same flow with other steps).
public final class HomeFlow: Flow {
  public var root: Presentable { self.navigationController }
  private let navigationController = UINavigationController(nibName: nil, bundle: nil)
  private let title: String
  private let first: ExampleStep
  private let next: ExampleStep

  init(title: String, first: ExampleStep, next: ExampleStep) {
    self.title = title
    self.first = first
    self.next = next
  }

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? ExampleStep else { return .none }
    switch step {
    case first: return navigateToHome()
    case next: return navigateToNext()
    default: return .none
    }
  }

  private func navigateToHome() -> FlowContributors {
    let viewController = StepperViewController(title: title, next: next)
    navigationController.pushViewController(viewController, animated: false)
    return .one(flowContributor: .contribute(withNext: viewController))
  }

  private func navigateToNext() -> FlowContributors {
    let viewController = StepperViewController(title: "\(title)_Next", next: nil)
    navigationController.pushViewController(viewController, animated: true)
    return .one(flowContributor: .contribute(withNext: viewController))
  }
}

/// A screen with a button that emits its next step.
public final class StepperViewController: UIViewController, Stepper {
  public let steps = PublishRelay<Step>()
  private let next: ExampleStep?

  init(title: String, next: ExampleStep?) {
    self.next = next
    super.init(nibName: nil, bundle: nil)
    self.title = title
  }

  /// The button's action.
  public func nextButtonDidTap() {
    if let next { steps.accept(next) }
  }
}
