import ReactorFlow

final class SplashViewReactor: Reactor {
  enum Action {
    case checkIfAuthenticated
  }

  enum Mutation {
    case setAuthenticated(Bool)
  }

  struct State {
    var isAuthenticated: Bool?
  }

  let initialState = State()
  let store = ReactorStore<SplashViewReactor>()

  fileprivate let userService: UserServiceType

  init(userService: UserServiceType) {
    self.userService = userService
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .checkIfAuthenticated:
      return .run { [userService] send in
        let isAuthenticated: Bool
        do {
          try await userService.fetchMe()
          isAuthenticated = true
        } catch {
          isAuthenticated = false
        }
        await send(.setAuthenticated(isAuthenticated))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setAuthenticated(let isAuthenticated):
      state.isAuthenticated = isAuthenticated
      return state
    }
  }
}
