import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// Seed 003 (RxFlow使ってみた): RxFlowDemo's vocabulary — DemoStep, a movie flow, view-model
// steppers, will/did-navigate, Flows.whenReady for one flow and for a tab bar of two, .none,
// .end(forwardToParentFlowWithStep:). Snippets 003-02, 003-04, 003-06 and 003-07 are RxFlow's own
// definitions (Flow, Stepper, OneStepper, CompositeStepper): ReactorFlow has them under the same
// names; they are not ported. The post's fragments belong to flows it does not name: 003-11 is
// in AppFlow (its root is a navigation controller), 003-14 in DashboardFlow (a tab bar), 003-09,
// 003-12 and 003-13 in TestFlow. Screens and view models the post uses but does not show are the
// smallest that fit.

// MARK: - 003-01: Step (the later snippets use three steps the post's enum does not list)

private enum DemoStep: Step, Equatable {

  // Login
  case loginIsRequired
  case userIsLoggedIn

  // Movie
  case moviesAreRequired
  case movieIsPicked(withId: Int)
  case castIsPicked(withId: Int)

  // Used by 003-11, 003-14 and 003-15, not listed in 003-01
  case dashboardIsRequired
  case settingsAreRequired
  case settingsAreComplete
}

// MARK: - Not shown in the post: the screens and view models

private final class MovieListViewController: Screen {
  private(set) var viewModel: TestViewModel?
  static func instantiate(withViewModel viewModel: TestViewModel) -> MovieListViewController {
    let viewController = MovieListViewController(title: "Movies")
    viewController.viewModel = viewModel
    return viewController
  }
}

private final class MovieDetailViewModel: Stepper {
  let steps = PublishRelay<Step>()
  let movieId: Int
  init(withMovieId movieId: Int) { self.movieId = movieId }
  func pick(castId: Int) { steps.accept(DemoStep.castIsPicked(withId: castId)) }
}

private final class MovieDetailViewController: Screen {
  static func instantiate(withViewModel viewModel: MovieDetailViewModel) -> MovieDetailViewController {
    MovieDetailViewController(title: "Movie \(viewModel.movieId)")
  }
}

private final class CastDetailViewModel {
  let castId: Int
  init(withCastId castId: Int) { self.castId = castId }
}

private final class CastDetailViewController: Screen {
  static func instantiate(withViewModel viewModel: CastDetailViewModel) -> CastDetailViewController {
    CastDetailViewController(title: "Cast \(viewModel.castId)")
  }
}

// MARK: - 003-05: TestViewModel

private final class TestViewModel: Stepper {

  let steps = PublishRelay<Step>()

  func pick(movieId: Int) {
    steps.accept(DemoStep.movieIsPicked(withId: movieId))
  }
}

// MARK: - 003-03: TestFlow, with 003-09 (= 003-12) and 003-13

private class TestFlow: Flow {

  fileprivate let rootViewController = NavigationStack()
  var root: Presentable {
    return rootViewController
  }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .moviesAreRequired: return navigateToMovieListScreen()
    case .movieIsPicked(let movieId): return navigateToMovieDetailScreen(with: movieId)
    case .castIsPicked(let castId): return navigateToCastDetailScreen(with: castId)
    default: return .none
    }
  }

  // Not shown in the post.
  private func navigateToMovieListScreen() -> FlowContributors {
    let viewModel = TestViewModel()
    let viewController = MovieListViewController.instantiate(withViewModel: viewModel)
    self.rootViewController.pushViewController(viewController, animated: false)
    return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: viewModel))
  }

  // 003-09 / 003-12
  private func navigateToMovieDetailScreen(with movieId: Int) -> FlowContributors {
    let viewModel = MovieDetailViewModel(withMovieId: movieId)
    let viewController = MovieDetailViewController.instantiate(withViewModel: viewModel)
    self.rootViewController.pushViewController(viewController, animated: true)
    return .one(
      flowContributor: .contribute(
        withNextPresentable: viewController,
        withNextStepper: viewModel))
  }

  // 003-13
  private func navigateToCastDetailScreen(with castId: Int) -> FlowContributors {
    let viewModel = CastDetailViewModel(withCastId: castId)
    let viewController = CastDetailViewController.instantiate(withViewModel: viewModel)
    self.rootViewController.pushViewController(viewController, animated: true)
    return .none
  }
}

/// The tabs of 003-14 (not shown in the post): each a TestFlow.
private final class WishlistFlow: TestFlow {}
private final class WatchedFlow: TestFlow {}

// MARK: - 003-11: the next flow, ready

private final class AppFlow: Flow {
  fileprivate let rootViewController = NavigationStack()
  var root: Presentable { rootViewController }

  // 003-10's template
  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .dashboardIsRequired: return navigationToDashboardScreen()
    default: return .none
    }
  }

  private func navigationToDashboardScreen() -> FlowContributors {
    let dashboardFlow = DashboardFlow()
    Flows.whenReady(flow1: dashboardFlow) { [unowned self] root in
      self.rootViewController.pushViewController(root, animated: false)
    }
    let stepper = OneStepper(withSingleStep: DemoStep.dashboardIsRequired)
    return .one(
      flowContributor: .contribute(
        withNextPresentable: dashboardFlow,
        withNextStepper: stepper))
  }
}

// MARK: - 003-14: several flows, a tab bar

private final class DashboardFlow: Flow {
  fileprivate let rootViewController = TabBar(title: "Dashboard")
  var root: Presentable { rootViewController }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .dashboardIsRequired: return navigateToDashboard()
    default: return .none
    }
  }

  private func navigateToDashboard() -> FlowContributors {
    let wishListFlow = WishlistFlow()
    let watchedFlow = WatchedFlow()

    Flows.whenReady(flow1: wishListFlow, flow2: watchedFlow) { [unowned self] (root1, root2) in
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

// MARK: - 003-15: the end of a flow (the post's `case: .settingsAreComplete:` is `case`)

private final class SettingsViewController: Screen, Stepper {
  let steps = PublishRelay<Step>()
}

private final class ParentFlow: Flow {
  fileprivate let rootViewController = NavigationStack(rootViewController: Screen(title: "Home"))
  var root: Presentable { rootViewController }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    // Not shown in the post: how the child flow is presented.
    case .settingsAreRequired:
      let childFlow = ChildFlow()
      Flows.use(childFlow, when: .created) { [unowned self] root in
        self.rootViewController.present(root, animated: true)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: childFlow,
          withNextStepper: OneStepper(withSingleStep: DemoStep.settingsAreRequired)))
    case .settingsAreComplete:
      self.rootViewController.presentedViewController?.dismiss(animated: true)
      return .none
    default: return .none
    }
  }
}

private final class ChildFlow: Flow {
  fileprivate let rootViewController = NavigationStack()
  var root: Presentable { rootViewController }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    // Not shown in the post: the child's first screen.
    case .settingsAreRequired:
      let settings = SettingsViewController(title: "Settings")
      rootViewController.pushViewController(settings, animated: false)
      return .one(flowContributor: .contribute(withNext: settings))
    case .settingsAreComplete:
      return .end(forwardToParentFlowWithStep: DemoStep.settingsAreComplete)
    default: return .none
    }
  }
}

// MARK: - 003-08: AppDelegate

/// What the post's `print` calls wrote, kept for the test (this `print` shadows Swift's).
@MainActor private var printed: [String] = []
@MainActor private func print(_ line: String) { printed.append(line) }

@MainActor
private final class AppDelegate {

  let disposeBag = DisposeBag()
  var coordinator = FlowCoordinator()
  // Not shown in the post ("// ..."):
  let window = Window()
  let appFlow = AppFlow()
  let appStepper = OneStepper(withSingleStep: DemoStep.dashboardIsRequired)

  func application() -> Bool {

    self.coordinator.willNavigate.subscribe { event in
      print("will navigate to flow=\(event.flow) and step=\(event.step)")
    }.disposed(by: self.disposeBag)

    self.coordinator.didNavigate.subscribe { event in
      print("did navigate to flow=\(event.flow) and step=\(event.step)")
    }.disposed(by: self.disposeBag)

    Flows.use(appFlow, when: .created) { [window] root in window.rootViewController = root }

    self.coordinator.coordinate(flow: appFlow, with: appStepper)

    return true
  }
}

// MARK: - Checks

@MainActor
@Suite("Seed 003 ports: RxFlowDemo's flows, steppers and navigation patterns", .checksLeaks)
struct Seed003Ports {
  @Test("003-03/05/09/13: movies → a movie (its view model steps on) → a cast, which contributes nothing")
  func movieFlow() {
    let window = Window()
    let flow = TestFlow()
    Flows.use(flow, when: .created) { root in window.rootViewController = root }
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: DemoStep.moviesAreRequired))
    #expect(window.topScreen?.title == "Movies")
    // The movie list's stepper is a TestViewModel (003-05).
    (window.topScreen as? MovieListViewController)?.viewModel?.pick(movieId: 7)
    #expect(window.topScreen?.title == "Movie 7")
    coordinator.navigate(to: DemoStep.castIsPicked(withId: 3))
    #expect(window.topScreen?.title == "Cast 3")
    #expect(flow.rootViewController.viewControllers.count == 3)
  }

  @Test("003-05: a view model's pick(movieId:) emits movieIsPicked")
  func testViewModelSteps() async {
    let viewModel = TestViewModel()
    var steps = viewModel.steps.makeAsyncIterator()
    viewModel.pick(movieId: 42)
    #expect(await steps.next() as? DemoStep == .movieIsPicked(withId: 42))
  }

  @Test(
    "003-08/11/14: the app delegate logs will/did navigate; the dashboard is pushed when ready with two tabs")
  func appDelegateAndDashboard() {
    printed = []
    let appDelegate = AppDelegate()
    #expect(appDelegate.application())
    #expect(
      appDelegate.window.render() == """
        window
          navigation *
            tabs "Dashboard" tabs: [Wishlist] | Watched *
              navigation *
                screen "Movies" *
              navigation
                screen "Movies"
        """)
    #expect(printed.first?.hasPrefix("will navigate to flow=") == true)
    #expect(printed.first?.hasSuffix("and step=dashboardIsRequired") == true)
    #expect(printed.filter { $0.hasPrefix("did navigate") }.count == 4)
  }

  @Test("003-14: the tab bar's flows are independent: a step in one leaves the other as it was")
  func independentTabs() throws {
    let appDelegate = AppDelegate()
    _ = appDelegate.application()
    let dashboard = try #require(appDelegate.appFlow.rootViewController.topViewController as? TabBar)
    let wishlist = try #require(dashboard.viewControllers.first as? NavigationStack)
    let watched = try #require(dashboard.viewControllers.last as? NavigationStack)
    #expect(dashboard.viewControllers.map(\.tabBarItem.title) == ["Wishlist", "Watched"])
    (watched.topViewController as? MovieListViewController)?.viewModel?.pick(movieId: 1)
    #expect(watched.viewControllers.map(\.title) == ["Movies", "Movie 1"])
    #expect(wishlist.viewControllers.map(\.title) == ["Movies"])
  }

  @Test("003-04/06/07 (RxFlow's own): Stepper's defaults, OneStepper, CompositeStepper's initial steps first")
  func libraryDefinitions() {
    final class PlainStepper: Stepper { let steps = PublishRelay<Step>() }
    #expect(PlainStepper().initialStep is NoneStep)
    #expect(
      OneStepper(withSingleStep: DemoStep.moviesAreRequired).initialStep as? DemoStep == .moviesAreRequired)

    let window = Window()
    let flow = TestFlow()
    Flows.use(flow, when: .created) { root in window.rootViewController = root }
    let viewModel = TestViewModel()
    let coordinator = FlowCoordinator()
    coordinator.coordinate(
      flow: flow,
      with: CompositeStepper(steppers: [OneStepper(withSingleStep: DemoStep.moviesAreRequired), viewModel]))
    #expect(window.topScreen?.title == "Movies")
    viewModel.pick(movieId: 9)
    #expect(window.topScreen?.title == "Movie 9")
  }

  @Test("003-15: the child flow ends with .end(forwardToParentFlowWithStep:), the parent dismisses it")
  func childFlowEnds() {
    let window = Window()
    let parent = ParentFlow()
    window.rootViewController = parent.rootViewController
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: parent, with: OneStepper(withSingleStep: DemoStep.settingsAreRequired))
    #expect(window.topScreen?.title == "Settings")
    #expect(coordinator.flows.count == 2)
    (window.topScreen as? SettingsViewController)?.steps.accept(DemoStep.settingsAreComplete)
    #expect(window.topScreen?.title == "Home")
    #expect(coordinator.flows.count == 1)
  }
}
