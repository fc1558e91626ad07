import ReactorFlow

/// The sign-in screen: email and password validated in the reactor, the call to the auth service
/// asynchronous and cancellable, errors shown once through `@Pulse`. The reactor is the stepper.
///
/// The password is `Redacted`: a journal writes `‹redacted›` in its place, in the actions, the
/// mutations and the state, so a recorded session can be shared. What it is checked against (its
/// length, the sign-in call) is read in an effect's operation, whose answers a journal records:
/// a replay, which reads back an empty password, gets the same answers.
final class SignInReactor: Reactor, Stepper {
  enum Action: Codable {
    case emailDidUpdate(String)
    case passwordDidUpdate(Redacted<String>)
    case signInButtonDidTap
    case cancelButtonDidTap
    case findPasswordButtonDidTap
  }
  enum Mutation: Codable {
    case setEmail(String)
    case setPassword(Redacted<String>)
    case setLoading(Bool)
    case setAlert(String)
  }
  struct State: Encodable {
    var email = ""
    @Redacted var password = ""
    /// Whether a password was typed: what the screen shows of it (never its length, which its
    /// rendered tree would give away).
    var hasPassword = false
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
      if let problem = Self.validate(email: state.email) { return .just(.setAlert(problem)) }
      if state.isLoading { return .just(.setAlert("Already signing in…")) }
      let auth = env.auth
      let (email, password) = (state.email, state.password)
      // The password is read in the operation only, as the auth service reads it: a journal
      // records what came of it, and a replay (whose password is empty) delivers the same. It
      // is signing in from the first key (c cancels at once), the length checked first.
      return .concat(
        .just(.setLoading(true)),
        env.activity.run { [weak self] send in
          if let problem = Self.validate(password: password) {
            await send(.setLoading(false))
            await send(.setAlert(problem))
            return
          }
          do {
            _ = try await auth.signIn(email: email, password: password)
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
    case .setPassword(let password):
      newState.password = password.wrappedValue
      newState.hasPassword = true
    case .setLoading(let isLoading): newState.isLoading = isLoading
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }

  /// What is wrong with the email, or `nil`.
  static func validate(email: String) -> String? {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    if email.isEmpty { return "Enter your email first: e you@example.com" }
    if parts.count != 2 || parts[0].isEmpty || !parts[1].contains(".") || parts[1].hasSuffix(".") {
      return "\"\(email)\" is not an email address (like you@example.com)."
    }
    return nil
  }

  /// What is wrong with the password, or `nil`.
  static func validate(password: String) -> String? {
    password.count < 8 ? "The password has at least 8 characters." : nil
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
      // That a password was typed, never how long it is; nor the demo account's password,
      // which a journal would hold with the screen (f finds it).
      var lines = [
        "Email:    \(state.email.isEmpty ? "—" : state.email)",
        "Password: \(state.hasPassword ? "••••••••" : "—")",
      ]
      if state.isLoading { lines += ["", "Signing in…"] }
      lines += ["", "Demo account: \(AuthService.demoEmail) (f finds its password)"]
      self.show(
        lines,
        keys: [
          Key("e", "Email", argument: "email") { reactor.send(.emailDidUpdate($0)) },
          Key("p", "Password", argument: "password") { reactor.send(.passwordDidUpdate(Redacted($0))) },
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

// `--trace` prints actions and mutations: never the password (`‹redacted›`).
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
