import ReactorFlow
import ReactorFlowHeadless

/// The diary tab (a classic coordinator app's screens, as a flow): list → detail → edit → save,
/// and new entries.
final class DiaryFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Diary")
  private let env: AppEnvironment
  /// The list's reactor, told of a deletion (to offer its undo).
  private weak var listReactor: DiaryListReactor?

  init(env: AppEnvironment) { self.env = env }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .diaryListIsRequired:
      let reactor = DiaryListReactor(env: env)
      listReactor = reactor
      let screen = DiaryListScreen(reactor: reactor)
      navigationController.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .diaryIsPicked(let id):
      return navigateToDetail(id: id)
    case .newDiaryIsRequired:
      return navigateToEdit(entry: nil)
    case .diaryEditIsRequired(let entry):
      return navigateToEdit(entry: entry)
    case .draftIsResumed(let draft):
      let reactor = DiaryEditReactor(resuming: draft, env: env)
      let screen = DiaryEditScreen(reactor: reactor, title: draft.id == nil ? "New entry" : "Edit")
      navigationController.pushViewController(screen)
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .diaryIsDeleted(let entry):
      _ = navigationController.popToRootViewController()
      listReactor?.send(.entryWasDeleted(entry))
      return .none
    case .diaryIsSaved(let id, let isNew):
      _ = navigationController.popViewController()
      // A new entry's edit screen is replaced by the entry; an edited one returns to it.
      return isNew ? navigateToDetail(id: id) : .none
    default:
      return .none
    }
  }

  private func navigateToDetail(id: Int64) -> FlowContributors {
    let reactor = DiaryDetailReactor(id: id, env: env)
    let screen = DiaryDetailScreen(reactor: reactor)
    navigationController.pushViewController(screen)
    return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
  }

  private func navigateToEdit(entry: DiaryEntry?) -> FlowContributors {
    let reactor = DiaryEditReactor(entry: entry, env: env)
    let screen = DiaryEditScreen(reactor: reactor, title: entry == nil ? "New entry" : "Edit")
    navigationController.pushViewController(screen)
    return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
  }
}

/// The wishlist tab (a movie list and its detail, as a flow): list → movie.
final class WishlistFlow: Flow {
  var root: Presentable { navigationController }
  private let navigationController = NavigationStack(title: "Wishlist")
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? AppStep else { return .none }
    switch step {
    case .moviesAreRequired:
      let reactor = WishlistReactor(env: env)
      let screen = WishlistScreen(reactor: reactor)
      navigationController.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .movieIsPicked(let movie):
      let reactor = MovieReactor(movie: movie, env: env)
      let screen = MovieScreen(reactor: reactor)
      navigationController.pushViewController(screen)
      // Contributed (it emits no step) so that a recorded session records its actions.
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    default:
      return .none
    }
  }
}
