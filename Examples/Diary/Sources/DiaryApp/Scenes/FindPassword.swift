import ReactorFlow

/// The "find password" screen of the sign-in flow: asks the auth service for a reset, asynchronously.
/// It is a stepper that emits no step, contributed to its flow so that a recorded session records
/// its actions.
final class FindPasswordReactor: Reactor, Stepper {
  enum Action: Codable {
    case emailDidUpdate(String)
    case sendButtonDidTap
  }
  enum Mutation: Codable {
    case setEmail(String)
    case setLoading(Bool)
    case setResult(String)
  }
  struct State: Encodable {
    var email = ""
    var isLoading = false
    var result: String?
  }

  let initialState = State()
  let store = ReactorStore<FindPasswordReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .emailDidUpdate(let email):
      return .just(.setEmail(email.trimmingSpaces))
    case .sendButtonDidTap:
      let email = currentState.email
      guard !email.isEmpty else { return .just(.setResult("Enter your email first: e you@example.com")) }
      let auth = env.auth
      return .concat(
        .just(.setLoading(true)),
        env.activity.run { send in
          do {
            let message = try await auth.sendPasswordReset(to: email)
            await send(.setResult(message))
          } catch is CancellationError {
          } catch {
            await send(.setResult("\(error)"))
          }
          await send(.setLoading(false))
        })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEmail(let email): newState.email = email
    case .setLoading(let isLoading): newState.isLoading = isLoading
    case .setResult(let result): newState.result = result
    }
    return newState
  }
}

final class FindPasswordScreen: AppScreen, View {
  @BindsReactor var reactor: FindPasswordReactor?
  var disposeBag = DisposeBag()

  init(reactor: FindPasswordReactor) {
    super.init(title: "Find password")
    self.reactor = reactor
  }

  func bind(reactor: FindPasswordReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      var lines = ["Email: \(state.email.isEmpty ? "—" : state.email)"]
      if state.isLoading { lines += ["", "Sending…"] }
      if let result = state.result { lines += ["", result] }
      self.show(
        lines,
        keys: [
          Key("e", "Email", argument: "email") { reactor.send(.emailDidUpdate($0)) },
          Key("s", "Send reset link") { _ in reactor.send(.sendButtonDidTap) },
        ])
    }
    .disposed(by: disposeBag)
  }
}
