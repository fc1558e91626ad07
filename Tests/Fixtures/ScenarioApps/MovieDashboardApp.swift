import ReactorFlow
import ReactorFlowHeadless

// The movie app of the post "RxFlow使ってみた" (after RxFlowDemo): wishlist and watched tabs
// started with `.multiple` and `Flows.use(…, when: .ready)`, movie detail with its view model as
// stepper, cast detail returning `.none`, a settings modal that ends its own flow with
// `.end(forwardToParentFlowWithStep:)` and is dismissed by the parent, a CompositeStepper.

enum DemoStep: Step, Equatable {
  case dashboardIsRequired
  case moviesAreRequired
  case movieIsPicked(withId: Int)
  case castIsPicked(withId: Int)
  case settingsAreRequired
  case settingsAreComplete
}

final class DashboardFlow: Flow {
  var root: Presentable { rootViewController }
  let rootViewController = TabBar(title: "Dashboard")
  let wishListFlow = WishlistFlow(title: "Wishlist")
  let watchedFlow = WishlistFlow(title: "Watched")

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .dashboardIsRequired:
      return navigateToDashboard()
    case .settingsAreRequired:
      return navigateToSettings()
    case .settingsAreComplete:
      rootViewController.presentedScreen?.dismiss()
      return .none
    default:
      return .none
    }
  }

  private func navigateToDashboard() -> FlowContributors {
    Flows.use(wishListFlow, watchedFlow, when: .ready) {
      [unowned self] (root1: NavigationStack, root2: NavigationStack) in
      self.rootViewController.setViewControllers([root1, root2])
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

  private func navigateToSettings() -> FlowContributors {
    let settingsFlow = SettingsFlow()
    Flows.use(settingsFlow, when: .created) { [unowned self] (root: NavigationStack) in
      self.rootViewController.present(root, style: .formSheet)
    }
    return .one(
      flowContributor: .contribute(
        withNextPresentable: settingsFlow,
        withNextStepper: OneStepper(withSingleStep: DemoStep.settingsAreRequired)))
  }
}

final class MovieListViewModel: Stepper {
  let steps = PublishRelay<Step>()
  func pick(movieId: Int) { steps.accept(DemoStep.movieIsPicked(withId: movieId)) }
}

final class MovieDetailViewModel: Stepper {
  let steps = PublishRelay<Step>()
  let movieId: Int
  init(withMovieId movieId: Int) { self.movieId = movieId }
  func pick(castId: Int) { steps.accept(DemoStep.castIsPicked(withId: castId)) }
}

final class MovieScreen: Screen {
  let viewModel: AnyObject
  init(title: String, viewModel: AnyObject) {
    self.viewModel = viewModel
    super.init(title: title)
  }
}

final class WishlistFlow: Flow {
  var root: Presentable { rootViewController }
  let rootViewController: NavigationStack

  init(title: String) { rootViewController = NavigationStack(title: title) }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .moviesAreRequired: return navigateToMovieListScreen()
    case .movieIsPicked(let movieId): return navigateToMovieDetailScreen(with: movieId)
    case .castIsPicked(let castId): return navigateToCastDetailScreen(with: castId)
    default: return .none
    }
  }

  private func navigateToMovieListScreen() -> FlowContributors {
    let viewModel = MovieListViewModel()
    let viewController = MovieScreen(title: "\(rootViewController.title) movies", viewModel: viewModel)
    rootViewController.pushViewController(viewController)
    return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: viewModel))
  }

  private func navigateToMovieDetailScreen(with movieId: Int) -> FlowContributors {
    let viewModel = MovieDetailViewModel(withMovieId: movieId)
    let viewController = MovieScreen(title: "Movie \(movieId)", viewModel: viewModel)
    rootViewController.pushViewController(viewController)
    return .one(flowContributor: .contribute(withNextPresentable: viewController, withNextStepper: viewModel))
  }

  private func navigateToCastDetailScreen(with castId: Int) -> FlowContributors {
    rootViewController.pushViewController(Screen(title: "Cast \(castId)"))
    return .none
  }
}

final class SettingsViewModel: Stepper {
  let steps = PublishRelay<Step>()
  func done() { steps.accept(DemoStep.settingsAreComplete) }
}

final class SettingsFlow: Flow {
  var root: Presentable { rootViewController }
  let rootViewController = NavigationStack(title: "Settings")
  let viewModel = SettingsViewModel()

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? DemoStep else { return .none }
    switch step {
    case .settingsAreRequired:
      let screen = MovieScreen(title: "Settings", viewModel: viewModel)
      rootViewController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: viewModel))
    case .settingsAreComplete:
      return .end(forwardToParentFlowWithStep: DemoStep.settingsAreComplete)
    default:
      return .none
    }
  }
}

/// The app-level steps that open settings, combined with the dashboard's initial step.
final class SettingsButtonStepper: Stepper {
  let steps = PublishRelay<Step>()
  func tap() { steps.accept(DemoStep.settingsAreRequired) }
}
