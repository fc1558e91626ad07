// The declarations the `///` examples of ReactorFlowExplorer use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example; its imports are prepended to it.
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal
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

/// A sign-in reactor.
final class SignInReactor: Reactor {
  enum Action { case signIn }
  struct State { var isSignedIn = false }
  let initialState = State()
  let store = ReactorStore<SignInReactor>()
  func mutate(action: Action) -> Effect<Action> { .just(action) }
  func reduce(state: State, mutation: Action) -> State { State(isSignedIn: true) }
}

/// The journal of the app's last session, read back from its file.
let lastSession = Journal()
