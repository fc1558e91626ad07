// The declarations the `///` examples of ReactorFlowTesting use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example; its imports are prepended to it.
import Clocks
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

/// The Getting Started article's view.
final class TextFieldView: View {
  @BindsReactor var reactor: TextFieldViewReactor?
  var disposeBag = DisposeBag()
  func bind(reactor: TextFieldViewReactor) {}
}

/// A counter.
final class CounterReactor: Reactor {
  enum Action { case increase }
  struct State { var taps: [Int] = [] }
  let initialState = State()
  let store = ReactorStore<CounterReactor>()
  func mutate(action: Action) -> Effect<Action> { .just(action) }
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.taps.append(newState.taps.count + 1)
    return newState
  }
}
@MainActor let reactor = CounterReactor()
@MainActor let clock = TestClock()

/// A search screen: a throttled query whose results come after a delay.
final class SearchReactor: Reactor {
  enum Action: Sendable, Equatable { case search(String) }
  enum Mutation: Sendable { case setResults([String]) }
  struct State: Equatable { var results: [String] = [] }
  let initialState = State()
  let store = ReactorStore<SearchReactor>()
  let clock: any Clock<Duration>
  init(clock: any Clock<Duration>) { self.clock = clock }
  func mutate(action: Action) -> Effect<Mutation> { .none }
  func reduce(state: State, mutation: Mutation) -> State { state }
}
