import ReactorFlow

final class SignInReactor: Reactor {
  enum Action {
    case setEmail(String)
    case setPassword(String)
  }

  enum Mutation {
    case setEmail(String)
    case setPassword(String)
  }

  struct State {
    var email = ""
    var password = ""
  }

  let initialState = State()
  let store = ReactorStore<SignInReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .setEmail(let email): return .just(.setEmail(email))
    case .setPassword(let password): return .just(.setPassword(password))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEmail(let email): newState.email = email
    case .setPassword(let password): newState.password = password
    }
    return newState
  }
}
