import ReactorFlowHeadless

/// The posts' navigation code written with UIKit's spellings only (the guides' type renames
/// applied: UIViewController → Screen, UINavigationController → NavigationStack,
/// UITabBarController → TabBar, UITabBarItem → TabBarItem): the "RxFlow" post's launch screen
/// (`viewDidLoad`, `viewDidAppear` starting a 2 s timer) and pushes with `title`, the movie app's
/// tabs (`tabBarItem`, `setViewControllers(_:animated:)`, `pushViewController(_:animated:)`,
/// `presentedViewController?.dismiss(animated:)`), the sign-in app's dismiss-then-present. Kept
/// apart from those apps: its screens do their work in lifecycle methods, which is what its
/// tests check.
enum UIKitSpelledApp {
  enum DemoStep: Step, Equatable {
    case launchIsRequired
    case dashboardIsRequired
    case moviesAreRequired
    case movieIsPicked
    case settingsAreRequired
    case settingsAreComplete
    case authIsRequired
  }

  final class AppFlow: Flow {
    var root: Presentable { window }
    private let window: Window
    private let clock: any Clock<Duration>

    init(window: Window, clock: any Clock<Duration>) {
      self.window = window
      self.clock = clock
    }

    func navigate(to step: Step) -> FlowContributors {
      guard let step = step as? DemoStep else { return .none }
      switch step {
      case .launchIsRequired:
        let viewController = LaunchViewController(clock: clock)
        window.rootViewController = viewController
        return .one(flowContributor: .contribute(withNext: viewController))
      case .dashboardIsRequired:
        let dashboardFlow = DashboardFlow()
        Flows.use(dashboardFlow, when: .created) { [unowned self] root in
          self.window.rootViewController = root
        }
        return .one(
          flowContributor: .contribute(
            withNextPresentable: dashboardFlow,
            withNextStepper: OneStepper(withSingleStep: DemoStep.dashboardIsRequired)))
      default:
        return .none
      }
    }
  }

  /// The "RxFlow" post's `LaunchViewController`, line for line but for `DispatchQueue.main.asyncAfter`
  /// (a task on the clock) and `view.backgroundColor` (the screen's content).
  final class LaunchViewController: Screen, Stepper {
    let steps = PublishRelay<Step>()
    private let clock: any Clock<Duration>
    private var timer: Task<Void, Never>?
    private(set) var loads = 0

    init(clock: any Clock<Duration>) {
      self.clock = clock
      super.init(title: "Launch")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      loads += 1
      content = ["(gray)"]
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      timer = Task { [clock, steps] in
        try? await clock.sleep(for: .seconds(2))
        steps.accept(DemoStep.dashboardIsRequired)
      }
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      timer?.cancel()
    }
  }

  /// The movie app's DashboardFlow: two tab flows, their tab bar items, `.multiple`; the settings
  /// modal dismissed through `presentedViewController`.
  final class DashboardFlow: Flow {
    var root: Presentable { rootViewController }
    let rootViewController = TabBar(title: "Dashboard")

    func navigate(to step: Step) -> FlowContributors {
      guard let step = step as? DemoStep else { return .none }
      switch step {
      case .dashboardIsRequired:
        return navigateToDashboard()
      case .settingsAreRequired:
        let settings = NavigationStack(rootViewController: Screen(title: "Settings"))
        settings.modalPresentationStyle = .formSheet
        rootViewController.present(settings, animated: true)
        return .none
      case .settingsAreComplete:
        self.rootViewController.presentedViewController?.dismiss(animated: true)
        return .none
      default:
        return .none
      }
    }

    private func navigateToDashboard() -> FlowContributors {
      let wishListFlow = WishlistFlow()
      let watchedFlow = WishlistFlow()
      Flows.use(wishListFlow, watchedFlow, when: .ready) {
        [unowned self] (root1: NavigationStack, root2: NavigationStack) in
        let tabBarItem1 = TabBarItem(title: "Wishlist", image: nil, selectedImage: nil)
        let tabBarItem2 = TabBarItem(title: "Watched", image: nil, selectedImage: nil)
        root1.tabBarItem = tabBarItem1
        root2.tabBarItem = tabBarItem2
        self.rootViewController.setViewControllers([root1, root2], animated: false)
      }
      return .multiple(flowContributors: [
        .contribute(
          withNextPresentable: wishListFlow,
          withNextStepper: OneStepper(withSingleStep: DemoStep.moviesAreRequired)),
        .contribute(
          withNextPresentable: watchedFlow,
          withNextStepper: OneStepper(withSingleStep: DemoStep.moviesAreRequired)),
      ])
    }
  }

  /// The movie app's WishlistFlow / the "RxFlow" post's HomeFlow: a stack; a pushed screen with a title.
  final class WishlistFlow: Flow {
    var root: Presentable { rootViewController }
    let rootViewController = NavigationStack()

    func navigate(to step: Step) -> FlowContributors {
      guard let step = step as? DemoStep else { return .none }
      switch step {
      case .moviesAreRequired:
        let viewController = MoviesViewController()
        viewController.title = "Movies"
        self.rootViewController.pushViewController(viewController, animated: false)
        return .one(flowContributor: .contribute(withNext: viewController))
      case .movieIsPicked:
        let viewController = Screen()
        viewController.title = "Movie"
        self.rootViewController.pushViewController(viewController, animated: true)
        return .none
      default:
        return .none
      }
    }
  }

  /// A list that reloads each time it comes into view (the `viewWillAppear` habit).
  final class MoviesViewController: Screen, Stepper {
    let steps = PublishRelay<Step>()
    private(set) var reloads = 0

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      reloads += 1
    }

    func pick() { steps.accept(DemoStep.movieIsPicked) }
  }
}
