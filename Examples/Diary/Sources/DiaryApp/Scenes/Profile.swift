import ReactorFlow

/// The profile tab: opens the settings modal and the PIN-guarded private notes.
final class ProfileReactor: Reactor, Stepper {
  enum Action: Codable {
    case settingsButtonDidTap
    case privateNotesButtonDidTap
    case signOutButtonDidTap
  }
  enum Mutation: Codable { case setAccent(Accent) }
  struct State: Encodable { var accent: Accent }

  let initialState: State
  let store = ReactorStore<ProfileReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) {
    self.env = env
    initialState = State(accent: env.theme.accent)
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation, env.theme.follow(self, reading: \.accent, as: Mutation.setAccent))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .settingsButtonDidTap:
      steps.accept(AppStep.settingsAreRequired)
    case .privateNotesButtonDidTap:
      steps.accept(AppStep.localAuthIsRequired(location: "Private notes"))
    case .signOutButtonDidTap:
      steps.accept(AppStep.userIsLoggedOut)
    }
    return .none
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setAccent(let accent): newState.accent = accent
    }
    return newState
  }
}

final class ProfileScreen: AppScreen, View, AccentedScreen {
  @BindsReactor var reactor: ProfileReactor?
  var disposeBag = DisposeBag()
  private(set) var accent: Accent = .green

  init(reactor: ProfileReactor) {
    super.init(title: "Profile")
    self.reactor = reactor
  }

  func bind(reactor: ProfileReactor) {
    reactor.observe(\.accent) { [weak self, weak reactor] accent in
      guard let self, let reactor else { return }
      self.accent = accent
      // Unsaved entries are kept as drafts before signing out.
      var signOut = Key("o", "Sign out") { _ in reactor.send(.signOutButtonDidTap) }
      signOut.leavesEverything = true
      self.show(
        ["Signed in as \(AuthService.demoEmail)", "Accent: \(accent.rawValue)"],
        keys: [
          Key("s", "Settings") { _ in reactor.send(.settingsButtonDidTap) },
          Key("l", "Private notes (PIN)") { _ in reactor.send(.privateNotesButtonDidTap) },
          signOut,
        ])
    }
    .disposed(by: disposeBag)
  }
}

/// Local authentication: a PIN guards one screen; the location is the step's payload.
final class PINReactor: Reactor, Stepper {
  enum Action: Codable {
    case pinDidEnter(Redacted<String>)
    case cancelButtonDidTap
  }
  enum Mutation: Codable { case setAttempts(Int) }
  struct State: Encodable {
    let location: String
    var attempts = 0
  }

  static let demoPIN = "1234"
  /// How many wrong attempts are counted (no more are): a journal's count beyond it is refused.
  nonisolated static let maxAttempts = 1_000_000
  let initialState: State
  let store = ReactorStore<PINReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(location: String, env: AppEnvironment) {
    self.env = env
    initialState = State(location: location)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .pinDidEnter(let pin):
      // Checked in an effect, as a device's local authentication is: a journal keeps its
      // answer, never the PIN (`Redacted`: `‹redacted›` in a journal).
      let (location, attempts) = (currentState.location, currentState.attempts)
      return env.activity.run { [weak self] send in
        if pin.wrappedValue.trimmingSpaces == Self.demoPIN {
          emit(.localAuthIsComplete(location: location), from: self)
        } else {
          await send(.setAttempts(min(attempts + 1, Self.maxAttempts)))
        }
      }
    case .cancelButtonDidTap:
      steps.accept(AppStep.localAuthIsCancelled)
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setAttempts(let attempts): newState.attempts = attempts
    }
    return newState
  }
}

// A journal's count of attempts is untrusted: one out of range is refused as it decodes (the
// reactor adds one to it).
extension PINReactor.Mutation {
  init(from decoder: any Decoder) throws {
    let (container, key) = try decoder.enumCase(CodingKeys.self, of: Self.self)
    switch key {
    case .setAttempts:
      let values = try container.nestedContainer(keyedBy: SetAttemptsCodingKeys.self, forKey: key)
      self = .setAttempts(
        try values.decode(Int.self, forKey: ._0, in: 0...PINReactor.maxAttempts, "the number of attempts"))
    }
  }
}

final class PINScreen: AppScreen, View {
  @BindsReactor var reactor: PINReactor?
  var disposeBag = DisposeBag()

  init(reactor: PINReactor) {
    super.init(title: "PIN")
    self.reactor = reactor
  }

  func bind(reactor: PINReactor) {
    reactor.observe(\.attempts) { [weak self, weak reactor] attempts in
      guard let self, let reactor else { return }
      var lines = [
        "Enter your PIN to open \(reactor.currentState.location).",
        "(The demo PIN is \(PINReactor.demoPIN).)",
      ]
      if attempts > 0 {
        lines += ["", "Wrong PIN (\(attempts) attempt\(attempts == 1 ? "" : "s")). Try again."]
      }
      self.show(
        lines,
        keys: [
          Key("p", "PIN", argument: "digits") { reactor.send(.pinDidEnter(Redacted($0))) },
          Key("b", "Cancel") { _ in reactor.send(.cancelButtonDidTap) },
        ])
    }
    .disposed(by: disposeBag)
  }
}

/// The screen behind the PIN, with a way back to the root (`wayBackToRootIsRequired`).
final class PrivateNotesReactor: Reactor, Stepper {
  enum Action: Codable { case rootButtonDidTap }
  struct State: Encodable { var notes = ["The demo keeps no secrets.", "(This screen was behind a PIN.)"] }

  let initialState = State()
  let store = ReactorStore<PrivateNotesReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Action> {
    steps.accept(AppStep.wayBackToRootIsRequired)
    return .none
  }

  func reduce(state: State, mutation: Action) -> State { state }
}

final class PrivateNotesScreen: AppScreen, View {
  @BindsReactor var reactor: PrivateNotesReactor?
  var disposeBag = DisposeBag()

  init(reactor: PrivateNotesReactor) {
    super.init(title: "Private notes")
    self.reactor = reactor
  }

  func bind(reactor: PrivateNotesReactor) {
    show(
      reactor.currentState.notes,
      keys: [Key("r", "Back to the diary") { [weak reactor] _ in reactor?.send(.rootButtonDidTap) }])
  }
}
