import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting

/// A counter: `increase` adds one at once, `increaseLater` one second later on its clock.
final class CounterReactor: Reactor {
  enum Action: Sendable { case increase, increaseLater }
  enum Mutation: Sendable { case add(Int) }
  struct State: Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<CounterReactor>()
  let clock: CountingTestClock

  init(clock: CountingTestClock = CountingTestClock()) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .just(.add(1))
    case .increaseLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.add(1))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .add(let amount): return State(value: state.value + amount)
    }
  }
}

/// A reactor whose `store` is computed: each read makes a new store, which ReactorFlow reports.
final class RecomputedStoreReactor: Reactor {
  enum Action { case tap }
  struct State {}
  let initialState = State()
  var store: ReactorStore<RecomputedStoreReactor> { ReactorStore() }
  func reduce(state: State, mutation: Action) -> State { state }
}

enum HomeStep: Step, Equatable {
  case homeIsRequired
}

/// The README's flow: its root is a navigation stack, which the test puts in the tester's window.
final class HomeFlow: Flow {
  var root: Presentable { navigationController }
  let navigationController = NavigationStack(title: "Home")

  func navigate(to step: Step) -> FlowContributors {
    guard let step = step as? HomeStep else { return .none }
    switch step {
    case .homeIsRequired:
      navigationController.pushViewController(Screen(title: "Home"), animated: true)
      return .none
    }
  }
}

/// A reason for an assertion closure to throw.
struct ExpectationError: Error {}
