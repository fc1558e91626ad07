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
}
