import ReactorFlowUIKit

// The movie dashboard, written against ReactorFlowUIKit: a dashboard tab bar of two independent flows,
// Wishlist and Watched, started with `.multiple` once both are ready; picking a movie pushes its
// detail; settings are a modal flow that ends itself.

public enum DemoStep: Step, Equatable {
  case dashboardIsRequired
  case moviesAreRequired
  case movieIsPicked(withId: Int)
  case settingsAreRequired
  case settingsAreComplete
}

public final class DashboardFlow: Flow {
  public var root: Presentable { self.rootViewController }
  public let rootViewController = UITabBarController(nibName: nil, bundle: nil)
  /// The wishlist's stepper, while its flow runs.
  public private(set) weak var wishlistStepper: WishlistStepper?

  public init() {}

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep, step == .dashboardIsRequired else { return .none }
    return navigateToDashboard()
  }

  private func navigateToDashboard() -> FlowContributors {
    let wishlistStepper = WishlistStepper()
    self.wishlistStepper = wishlistStepper
    let wishlistFlow = MoviesFlow(title: "Wishlist", movies: [1, 2, 3])
    let watchedFlow = MoviesFlow(title: "Watched", movies: [4])
    Flows.use(wishlistFlow, watchedFlow, when: .ready) {
      [unowned self] (root1: UINavigationController, root2: UINavigationController) in
      root1.tabBarItem = UITabBarItem(
        title: "Wishlist", image: UIImage(systemName: "star"), selectedImage: nil)
      root2.tabBarItem = UITabBarItem(title: "Watched", image: UIImage(systemName: "eye"), selectedImage: nil)
      self.rootViewController.setViewControllers([root1, root2], animated: false)
    }
    return .multiple(
      .contribute(
        withNextPresentable: wishlistFlow,
        withNextStepper: CompositeStepper(steppers: [
          OneStepper(withSingleStep: DemoStep.moviesAreRequired), wishlistStepper,
        ])),
      .contribute(
        withNextPresentable: watchedFlow,
        withNextStepper: OneStepper(withSingleStep: DemoStep.moviesAreRequired)))
  }
}

/// The wishlist's own stepper (the original app's "settings" button lives on it).
public final class WishlistStepper: Stepper {
  public let steps = PublishRelay<Step>()
  public func settingsButtonDidTap() { steps.accept(DemoStep.settingsAreRequired) }
}

public final class MoviesFlow: Flow {
  public var root: Presentable { self.navigationController }
  private let navigationController = UINavigationController(nibName: nil, bundle: nil)
  private let title: String
  private let movies: [Int]

  init(title: String, movies: [Int]) {
    self.title = title
    self.movies = movies
  }

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .moviesAreRequired:
      let viewModel = MoviesViewModel(movies: movies)
      let viewController = MoviesViewController(title: title, viewModel: viewModel)
      navigationController.pushViewController(viewController, animated: false)
      return .one(
        flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: viewModel))
    case .movieIsPicked(let movieId):
      let viewController = TitledViewController(title: "Movie \(movieId)")
      navigationController.pushViewController(viewController, animated: true)
      return .none
    case .settingsAreRequired:
      let settingsFlow = SettingsFlow()
      Flows.use(settingsFlow, when: .created) { [unowned self] (root: UINavigationController) in
        self.navigationController.present(root, animated: true)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: settingsFlow,
          withNextStepper: OneStepper(withSingleStep: DemoStep.settingsAreRequired)))
    case .settingsAreComplete:
      navigationController.dismiss(animated: true)
      return .none
    default:
      return .none
    }
  }
}

/// The original app's view model: a Stepper that emits the picked movie.
public final class MoviesViewModel: Stepper {
  public let steps = PublishRelay<Step>()
  public let movies: [Int]
  init(movies: [Int]) { self.movies = movies }
  public func pick(movieId: Int) { steps.accept(DemoStep.movieIsPicked(withId: movieId)) }
}

public final class MoviesViewController: UIViewController {
  public let viewModel: MoviesViewModel
  init(title: String, viewModel: MoviesViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
    self.title = title
  }
}

/// The settings modal: its own flow, ended by its "done" button.
public final class SettingsFlow: Flow, Stepper {
  public var root: Presentable { navigationController }
  public let steps = PublishRelay<Step>()
  private let navigationController = UINavigationController(nibName: nil, bundle: nil)

  public func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .settingsAreRequired:
      navigationController.setViewControllers([TitledViewController(title: "Settings")], animated: false)
      return .one(
        flowContributor: .contribute(withNextPresentable: navigationController, withNextStepper: self))
    case .settingsAreComplete:
      return .end(forwardToParentFlowWithStep: DemoStep.settingsAreComplete)
    default:
      return .none
    }
  }

  /// The "done" button.
  public func doneButtonDidTap() { steps.accept(DemoStep.settingsAreComplete) }
}
