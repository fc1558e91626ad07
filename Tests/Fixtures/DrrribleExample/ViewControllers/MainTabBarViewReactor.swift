import ReactorFlow

final class MainTabBarViewReactor: Reactor {
  typealias Action = Void  // ReactorKit: NoAction

  struct State {
  }

  let initialState: State = State()
  let store = ReactorStore<MainTabBarViewReactor>()

  func reduce(state: State, mutation: Action) -> State { state }
}
