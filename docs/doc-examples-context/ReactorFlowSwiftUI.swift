// The declarations the `///` examples of ReactorFlowSwiftUI use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example, against the module built with the SwiftUI
// stand-in; its imports are prepended to it. Only `import ReactorFlowSwiftUI`, as an app's file:
// `View` is SwiftUI's, `Stepper` ReactorFlow's, `Window` the headless tree's.
import ReactorFlowSwiftUI

/// The app's steps.
enum AppStep: Step {
  case textFieldIsRequired
}

/// The app's flow, with a window for a root.
final class AppFlow: Flow {
  let window: Window
  var root: Presentable { window }
  init(window: Window) { self.window = window }
  func navigate(to step: Step) -> FlowContributors { .none }
}

/// The app's first step.
final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()
  var initialStep: Step { AppStep.textFieldIsRequired }
}

/// A counter.
final class CounterReactor: Reactor {
  enum Action { case increase }
  struct State { var value = 0 }
  let initialState = State()
  let store = ReactorStore<CounterReactor>()
  func reduce(state: State, mutation: Action) -> State { State(value: state.value + 1) }
}

/// A screen with a search field, a switch and an alert.
final class ProfileReactor: Reactor {
  enum Action {
    case setQuery(String)
    case setNotifies(Bool)
  }
  struct State {
    var query = ""
    var notifies = false
    @Pulse var alertMessage: String?
  }
  let initialState = State()
  let store = ReactorStore<ProfileReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .setQuery(let query): newState.query = query
    case .setNotifies(let notifies): newState.notifies = notifies
    }
    return newState
  }
}
@MainActor let reactor = ProfileReactor()

/// A form whose fields are bound through the action's one `binding` case.
final class SignUpReactor: Reactor {
  enum Action: BindableAction {
    case binding(BindingChange<State>)
  }
  struct State {
    var name = ""
    var notifies = false
  }
  let initialState = State()
  let store = ReactorStore<SignUpReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .binding(let change): change.apply(to: &state)
    }
    return state
  }
}
@MainActor let signUp = SignUpReactor()

/// A text field's reactor; it emits the screen's next steps.
final class TextFieldViewReactor: Reactor, Stepper {
  enum Action { case inputField(String) }
  struct State { var text = "" }
  let initialState = State()
  let store = ReactorStore<TextFieldViewReactor>()
  let steps = PublishRelay<Step>()
  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .inputField(let text): State(text: text)
    }
  }
}

/// The text field's SwiftUI view.
struct TextFieldView: View {
  let reactor: TextFieldViewReactor
  var body: some View {
    TextField("Text", text: reactor.binding(\.text) { .inputField($0) })
  }
}
