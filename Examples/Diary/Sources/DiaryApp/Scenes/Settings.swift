import ReactorFlow

/// The settings modal's first screen (its own flow): a text field, the accent colour, done.
final class SettingsReactor: Reactor, Stepper {
  enum Action: Codable {
    case textFieldButtonDidTap
    case accentButtonDidTap
    case doneButtonDidTap
  }
  struct State: Encodable {}

  let initialState = State()
  let store = ReactorStore<SettingsReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Action> {
    switch action {
    case .textFieldButtonDidTap: steps.accept(AppStep.textFieldIsRequired)
    case .accentButtonDidTap: steps.accept(AppStep.accentColorIsRequired)
    case .doneButtonDidTap: steps.accept(AppStep.settingsAreComplete)
    }
    return .none
  }

  func reduce(state: State, mutation: Action) -> State { state }
}

final class SettingsScreen: AppScreen, View {
  @BindsReactor var reactor: SettingsReactor?
  var disposeBag = DisposeBag()

  init(reactor: SettingsReactor) {
    super.init(title: "Settings")
    self.reactor = reactor
  }

  func bind(reactor: SettingsReactor) {
    show(
      ["1. Text preview", "2. Accent colour"],
      keys: [
        Key("1", "Text preview") { [weak reactor] _ in reactor?.send(.textFieldButtonDidTap) },
        Key("2", "Accent colour") { [weak reactor] _ in reactor?.send(.accentButtonDidTap) },
        Key("d", "Done") { [weak reactor] _ in reactor?.send(.doneButtonDidTap) },
      ])
  }
}

/// A text field's reactor: upper-cases the input and counts it; a digit is refused with an
/// alert.
/// It is a stepper that emits no step, contributed to its flow so that a recorded session records
/// its actions.
final class TextFieldViewReactor: Reactor, Stepper {
  enum Action: Codable { case inputField(String) }
  enum Mutation: Codable {
    case setLengthOfString(Int)
    case setCapitalizedString(String)
    case showAlertMessage(String)
  }
  struct State: Encodable {
    var capitalizedString: String?
    var lengthOfString: Int?
    @Pulse var alertMessage: String?
  }

  let initialState = State()
  let store = ReactorStore<TextFieldViewReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .inputField(let input):
      if input.contains(where: \.isNumber) {
        return .just(.showAlertMessage("Digits are not allowed here: \"\(input)\". Type letters only."))
      }
      return .concat(.just(.setCapitalizedString(input.uppercased())), .just(.setLengthOfString(input.count)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setCapitalizedString(let string): newState.capitalizedString = string
    case .setLengthOfString(let length): newState.lengthOfString = length
    case .showAlertMessage(let message): newState.alertMessage = message
    }
    return newState
  }
}

// A journal's length is untrusted: a negative one is refused as it decodes.
extension TextFieldViewReactor.Mutation {
  init(from decoder: any Decoder) throws {
    let (container, key) = try decoder.enumCase(CodingKeys.self, of: Self.self)
    switch key {
    case .setLengthOfString:
      let values = try container.nestedContainer(keyedBy: SetLengthOfStringCodingKeys.self, forKey: key)
      self = .setLengthOfString(try values.decode(Int.self, forKey: ._0, in: 0...Int.max, "the length"))
    case .setCapitalizedString:
      let values = try container.nestedContainer(keyedBy: SetCapitalizedStringCodingKeys.self, forKey: key)
      self = .setCapitalizedString(try values.decode(String.self, forKey: ._0))
    case .showAlertMessage:
      let values = try container.nestedContainer(keyedBy: ShowAlertMessageCodingKeys.self, forKey: key)
      self = .showAlertMessage(try values.decode(String.self, forKey: ._0))
    }
  }
}

final class TextFieldScreen: AppScreen, View {
  @BindsReactor var reactor: TextFieldViewReactor?
  var disposeBag = DisposeBag()

  init(reactor: TextFieldViewReactor) {
    super.init(title: "Text preview")
    self.reactor = reactor
  }

  func bind(reactor: TextFieldViewReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      self.show(
        [
          "Upper-cased: \(state.capitalizedString ?? "—")",
          "Length:      \(state.lengthOfString.map(String.init) ?? "—")",
        ],
        keys: [Key("i", "Input", argument: "text") { reactor.send(.inputField($0)) }])
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alertMessage).disposed(by: disposeBag)
  }
}

/// Picks the accent colour; the change reaches the tabs as a global event, and is kept in the
/// diary's file for the next launches (a colour that cannot be kept is used all the same, and
/// said).
/// It is a stepper that emits no step, contributed to its flow so that a recorded session records
/// its actions.
final class AccentColorReactor: Reactor, Stepper {
  enum Action: Codable { case accentDidPick(Accent) }
  enum Mutation: Codable {
    case setAccent(Accent)
    case showAlertMessage(String)
  }
  struct State: Encodable {
    var accent: Accent
    @Pulse var alertMessage: String?
  }

  let initialState: State
  let store = ReactorStore<AccentColorReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) {
    self.env = env
    initialState = State(accent: env.theme.accent)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .accentDidPick(let accent):
      env.theme.change(to: accent)
      let database = env.database
      return .concat(
        .just(.setAccent(accent)),
        env.activity.run { send in
          do {
            try database.keepAccent(accent)
          } catch {
            await send(
              .showAlertMessage(
                "\(accent.rawValue) is used now, but it could not be kept for the next launch: "
                  + "\(DiaryDatabase.explain(error))."))
          }
        })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setAccent(let accent): newState.accent = accent
    case .showAlertMessage(let message): newState.alertMessage = message
    }
    return newState
  }
}

final class AccentColorScreen: AppScreen, View {
  @BindsReactor var reactor: AccentColorReactor?
  var disposeBag = DisposeBag()

  init(reactor: AccentColorReactor) {
    super.init(title: "Accent colour")
    self.reactor = reactor
  }

  func bind(reactor: AccentColorReactor) {
    reactor.observe(\.accent) { [weak self, weak reactor] current in
      guard let self, let reactor else { return }
      var lines: [String] = []
      var keys: [Key] = []
      for (index, accent) in Accent.allCases.enumerated() {
        lines.append("\(index + 1). \(accent.rawValue)\(accent == current ? "  ✓" : "")")
        keys.append(Key("\(index + 1)", "Pick") { _ in reactor.send(.accentDidPick(accent)) })
      }
      self.show(lines, keys: keys)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alertMessage).disposed(by: disposeBag)
  }
}
