import ReactorFlow

final class LoginViewReactor: Reactor {
  enum Action {
    case login
  }

  enum Mutation {
    case setLoading(Bool)
    case setLoggedIn(Bool)
  }

  struct State {
    var isLoading: Bool = false
    var isLoggedIn: Bool = false
  }

  let initialState: State = State()
  let store = ReactorStore<LoginViewReactor>()

  fileprivate let authService: AuthServiceType
  fileprivate let userService: UserServiceType

  init(authService: AuthServiceType, userService: UserServiceType) {
    self.authService = authService
    self.userService = userService
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .login:
      let setLoading: Effect<Mutation> = .just(Mutation.setLoading(true))
      let setLoggedIn: Effect<Mutation> = .run { [authService, userService] send in
        let isLoggedIn: Bool
        do {
          try await authService.authorize()
          try await userService.fetchMe()
          isLoggedIn = true
        } catch {
          isLoggedIn = false
        }
        await send(.setLoggedIn(isLoggedIn))
      }
      return .concat(setLoading, setLoggedIn)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading):
      state.isLoading = isLoading
      return state

    case .setLoggedIn(let isLoggedIn):
      state.isLoggedIn = isLoggedIn
      return state
    }
  }
}
