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
@MainActor let bag = DisposeBag()
@MainActor let disposeBag = DisposeBag()

/// A text label.
@MainActor final class Label { var text: String? }
@MainActor let label = Label()

struct Profile { var age = 0 }

/// A reactor with one of each kind of state the examples read.
final class ProfileReactor: Reactor {
  enum Action: Equatable { case follow, refresh }
  enum Mutation { case setFollowing(Bool) }
  struct State {
    var title = ""
    var capitalizedString: String?
    var isFollowing = false
    var profile = Profile()
    @Pulse var alertMessage: String?
  }
  let initialState = State()
  let store = ReactorStore<ProfileReactor>()
  func mutate(action: Action) -> Effect<Mutation> { .just(.setFollowing(action == .follow)) }
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setFollowing(let isFollowing): newState.isFollowing = isFollowing
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

/// A counter.
final class TapCounterReactor: Reactor {
  enum Action { case increase }
  enum Mutation { case increment, log(Int) }
  struct State { var count = 0 }
  let initialState = State()
  let store = ReactorStore<TapCounterReactor>()
  func mutate(action: Action) -> Effect<Mutation> { .just(.increment) }
  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    if case .increment = mutation { newState.count += 1 }
    return newState
  }
}
@MainActor let counter = TapCounterReactor()

/// The Getting Started article's reactor.
final class TextFieldViewReactor: Reactor {
  enum Action { case inputField(String) }
  struct State {
    var capitalizedString: String?
    var lengthOfString = 0
  }
  let initialState = State()
  let store = ReactorStore<TextFieldViewReactor>()
  func mutate(action: Action) -> Effect<Action> { .just(action) }
  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .inputField(let text): State(capitalizedString: text.uppercased(), lengthOfString: text.count)
    }
  }
}

/// An action with a search query among others (for `transform(action:)`).
enum Action: Sendable {
  case query(String), clear
  var isQuery: Bool { if case .query = self { true } else { false } }
}
let clock = ContinuousClock()

/// A mutation of a reactor that loads a user and a list.
enum Mutation { case setLoading(Bool), setItems([String]), setUser(User), increment, log(Int) }
struct User: Sendable { var name: String }
struct API: Sendable {
  func signIn(_ email: String, _ password: String) async throws -> User { User(name: email) }
  func fetch() async throws -> [String] { [] }
}
let api = API()
let email = "ann@example.com", password = "secret"

enum Color: Sendable { case teal, red }
enum SettingEvent: Sendable { case setBackgroundColor(Color) }

/// The diary app's coordinators.
struct Diary { var title = "" }
final class DiaryDetailCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  let navigationController: NavigationStack
  let diary: Diary
  init(navigationController: NavigationStack, diary: Diary) {
    self.navigationController = navigationController
    self.diary = diary
  }
  func start() { navigationController.pushViewController(Screen(title: diary.title)) }
}
final class MainCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  func start() {}
}
@MainActor let appCoordinator = MainCoordinator()

final class HomeScreen: Screen, Stepper { let steps = PublishRelay<Step>() }
@MainActor let screen = HomeScreen()
func navigateToHome() -> FlowContributors { .none }

/// Two flows for the tabs of a tab bar.
final class ListFlow: Flow {
  let root: Presentable = NavigationStack()
  func navigate(to step: Step) -> FlowContributors { .none }
}
@MainActor let wishlistFlow = ListFlow(), watchedFlow = ListFlow()
@MainActor let tabBar = TabBar()
