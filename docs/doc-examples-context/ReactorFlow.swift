// The declarations the `///` examples of ReactorFlow use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example; its imports are prepended to it.
import ReactorFlow
import ReactorFlowHeadless
import Testing

/// The app's steps.
enum AppStep: Step {
  case launchIsRequired, homeIsRequired, settingsAreRequired, dashboardIsRequired
  case authIsComplete, detailIsRequired
  case movieIsPicked(withId: Int)
}

/// A flow with a window for a root.
final class AppFlow: Flow {
  let window: Window
  var root: Presentable { window }
  init(window: Window) { self.window = window }
  func navigate(to step: Step) -> FlowContributors { .none }
}

final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()
  var initialStep: Step { AppStep.launchIsRequired }
}

final class SettingsFlow: Flow {
  let root: Presentable = NavigationStack()
  func navigate(to step: Step) -> FlowContributors { .none }
}

@MainActor let window = Window()
@MainActor let coordinator = FlowCoordinator()
@MainActor let bag = DisposeBag()
@MainActor let disposeBag = DisposeBag()

/// A text label.
@MainActor final class Label { var text: String? }
@MainActor let label = Label()

/// A reactor with one of each kind of state the examples read.
final class ProfileReactor: Reactor {
  enum Action: Equatable { case follow, refresh }
  enum Mutation { case setFollowing(Bool) }
  struct State {
    var title = ""
    var capitalizedString: String?
    var isFollowing = false
    @Pulse var alertMessage: String?
  }
  let initialState = State()
  let store = ReactorStore<ProfileReactor>()
  func mutate(action: Action) -> Effect<Mutation> { .just(.setFollowing(action == .follow)) }
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case let .setFollowing(isFollowing): newState.isFollowing = isFollowing
    }
    return newState
  }
}
@MainActor let reactor = ProfileReactor()

/// A view of the profile.
final class ProfileView: View {
  @BindsReactor var reactor: ProfileReactor?
  var disposeBag = DisposeBag()
  var followButtonTitle = "Follow"
  func bind(reactor: ProfileReactor) {
    reactor.observe(\.isFollowing) { [weak self] in self?.followButtonTitle = $0 ? "Following" : "Follow" }
      .disposed(by: disposeBag)
  }
  func tapFollow() { reactor?.send(.follow) }
  func showAlert(_ message: String) { print(message) }
}
@MainActor let view = ProfileView()
