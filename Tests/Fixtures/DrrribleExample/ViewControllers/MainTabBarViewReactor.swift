import ReactorFlow

final class MainTabBarViewReactor: Reactor {
  typealias Action = NoAction

  struct State {
  }

  let initialState: State = State()
  let store = ReactorStore<MainTabBarViewReactor>()
}
