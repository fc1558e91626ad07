import ReactorFlow

final class SignInReactor: Reactor {
  enum Action {
    case setEmail(String)
    case setPassword(String)
    case signIn
  }

  enum Mutation {
    case setEmail(String)
    case setPassword(String)
    case setSigningIn(Bool)
    case setError(String?)
  }

  struct State {
    var email = ""
    var password = ""
    var isSigningIn = false
    var error: String?
  }

  let initialState = State()
  let store = ReactorStore<SignInReactor>()
  private let service: any AuthService

  init(service: any AuthService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .setEmail(let email): return .just(.setEmail(email))
    case .setPassword(let password): return .just(.setPassword(password))
    case .signIn:
      let email = currentState.email
      let password = currentState.password
      return .concat(
        .just(.setError(nil)),
        .just(.setSigningIn(true)),
        .run { [service] _ in
          try await service.signIn(email: email, password: password)
        },
        .just(.setSigningIn(false))
      )
    }
  }

  /// A failed sign-in ends the wait and says why; the error itself is published on `errors`.
  func recover(from error: any Error) -> Effect<Mutation> {
    .concat(.just(.setSigningIn(false)), .just(.setError("Wrong email or password.")))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEmail(let email): newState.email = email
    case .setPassword(let password): newState.password = password
    case .setSigningIn(let isSigningIn): newState.isSigningIn = isSigningIn
    case .setError(let error): newState.error = error
    }
    return newState
  }
}
