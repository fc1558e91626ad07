import ReactorFlow

/// The sign-in screen: email and password validated in the reactor, the call to the auth service
/// asynchronous and cancellable, errors shown once through `@Pulse`. The reactor is the stepper.
final class SignInReactor: Reactor, Stepper {
  enum Action: Codable {
    case emailDidUpdate(String)
    case passwordDidUpdate(Secret)
    case signInButtonDidTap
    case cancelButtonDidTap
    case findPasswordButtonDidTap
  }
  enum Mutation: Codable {
    case setEmail(String)
    case setPassword(Secret)
    case setLoading(Bool)
    case setAlert(String)
  }
  struct State: Encodable {
    var email = ""
    var password = Secret("")
    var isLoading = false
    @Pulse var alert: String?
  }

  let initialState = State()
  let store = ReactorStore<SignInReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  private enum CancelID { case signIn }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .emailDidUpdate(let email):
      return .just(.setEmail(email.trimmingSpaces))
    case .passwordDidUpdate(let password):
      return .just(.setPassword(password))
    case .findPasswordButtonDidTap:
      steps.accept(AppStep.findPasswordIsRequired)
      return .none
    case .cancelButtonDidTap:
      guard currentState.isLoading else { return .just(.setAlert("Nothing to cancel.")) }
      return .concat(
        .cancel(id: CancelID.signIn), .just(.setLoading(false)), .just(.setAlert("Sign-in cancelled.")))
    case .signInButtonDidTap:
      let state = currentState
      if let problem = Self.validate(email: state.email, password: state.password.value) {
        return .just(.setAlert(problem))
      }
      if state.isLoading { return .just(.setAlert("Already signing in…")) }
      let auth = env.auth
      return .concat(
        .just(.setLoading(true)),
        env.activity.run { [weak self] send in
          do {
            _ = try await auth.signIn(email: state.email, password: state.password.value)
            await send(.setLoading(false))
            emit(.userIsLoggedIn, from: self)
          } catch is CancellationError {
          } catch {
            await send(.setLoading(false))
            await send(.setAlert("\(error)"))
          }
        }
        .cancellable(id: CancelID.signIn, cancelInFlight: true))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEmail(let email): newState.email = email
    case .setPassword(let password): newState.password = password
    case .setLoading(let isLoading): newState.isLoading = isLoading
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }

  /// What is wrong with the form, or `nil`.
  static func validate(email: String, password: String) -> String? {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    if email.isEmpty { return "Enter your email first: e you@example.com" }
    if parts.count != 2 || parts[0].isEmpty || !parts[1].contains(".") || parts[1].hasSuffix(".") {
      return "\"\(email)\" is not an email address (like you@example.com)."
    }
    if password.count < 8 { return "The password has at least 8 characters." }
    return nil
  }
}

final class SignInScreen: AppScreen, View {
  @BindsReactor var reactor: SignInReactor?
  var disposeBag = DisposeBag()

  init(reactor: SignInReactor) {
    super.init(title: "Sign in")
    self.reactor = reactor
  }

  func bind(reactor: SignInReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      let password = String(repeating: "•", count: state.password.value.count)
      var lines = [
        "Email:    \(state.email.isEmpty ? "—" : state.email)",
        "Password: \(password.isEmpty ? "—" : password)",
      ]
      if state.isLoading { lines += ["", "Signing in…"] }
      lines += ["", "Demo account: \(AuthService.demoEmail) / \(AuthService.demoPassword)"]
      self.show(
        lines,
        keys: [
          Key("e", "Email", argument: "email") { reactor.send(.emailDidUpdate($0)) },
          Key("p", "Password", argument: "password") { reactor.send(.passwordDidUpdate(Secret($0))) },
          Key("s", "Sign in") { _ in reactor.send(.signInButtonDidTap) },
          Key("c", "Cancel") { _ in reactor.send(.cancelButtonDidTap) },
          Key("f", "Find password") { _ in reactor.send(.findPasswordButtonDidTap) },
        ])
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
  }
}

extension String {
  /// The string without leading and trailing spaces and newlines.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}

// `--trace` prints actions and mutations: never the password.
extension SignInReactor.Action: CustomStringConvertible {
  var description: String {
    switch self {
    case .emailDidUpdate(let email): return "emailDidUpdate(\(email.debugDescription))"
    case .passwordDidUpdate(let password): return "passwordDidUpdate(\(password))"
    case .signInButtonDidTap: return "signInButtonDidTap"
    case .cancelButtonDidTap: return "cancelButtonDidTap"
    case .findPasswordButtonDidTap: return "findPasswordButtonDidTap"
    }
  }
}

extension SignInReactor.Mutation: CustomStringConvertible {
  var description: String {
    switch self {
    case .setEmail(let email): return "setEmail(\(email.debugDescription))"
    case .setPassword(let password): return "setPassword(\(password))"
    case .setLoading(let isLoading): return "setLoading(\(isLoading))"
    case .setAlert(let message): return "setAlert(\(message.debugDescription))"
    }
  }
}
