import ReactorFlow

/// Seed 001's main screen: the list of entries, reloaded each time it appears; the tab's accent
/// colour follows the settings through a global event merged in `transform(mutation:)`.
final class DiaryListReactor: Reactor, Stepper {
  enum Action {
    case viewWillAppear
    case entryDidTap(index: Int)
    case newButtonDidTap
  }
  enum Mutation {
    case setEntries([DiaryEntry])
    case setAccent(Accent)
    case setAlert(String)
  }
  struct State {
    var entries: [DiaryEntry] = []
    var accent: Accent
    @Pulse var alert: String?
  }

  let initialState: State
  let store = ReactorStore<DiaryListReactor>()
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
    env.trace.action(self, action)
    switch action {
    case .viewWillAppear:
      do {
        return .just(.setEntries(try env.database.entries()))
      } catch {
        return .just(.setAlert("Could not read the diary: \(error)"))
      }
    case .entryDidTap(let index):
      guard let id = currentState.entries[safe: index]?.id else {
        let count = currentState.entries.count
        return .just(
          .setAlert(count == 0 ? "The diary is empty: n adds an entry." : "Pick an entry from 1 to \(count).")
        )
      }
      steps.accept(AppStep.diaryIsPicked(id: id))
      return .none
    case .newButtonDidTap:
      steps.accept(AppStep.newDiaryIsRequired)
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    env.trace.mutation(self, mutation)
    var newState = state
    switch mutation {
    case .setEntries(let entries): newState.entries = entries
    case .setAccent(let accent): newState.accent = accent
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }
}

final class DiaryListScreen: AppScreen, View, AccentedScreen {
  @BindsReactor var reactor: DiaryListReactor?
  var disposeBag = DisposeBag()
  private(set) var accent: Accent = .green
  private var appearance: Subscription?

  init(reactor: DiaryListReactor) {
    super.init(title: "Diary")
    self.reactor = reactor
  }

  func bind(reactor: DiaryListReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      self.accent = state.accent
      var lines = ["Accent: \(state.accent.rawValue)", ""]
      if state.entries.isEmpty { lines.append("No entries yet. Press n to write the first one.") }
      var keys: [Key] = []
      for (index, entry) in state.entries.enumerated() {
        lines.append("\(index + 1). \(entry.date)  \(entry.title)")
        keys.append(Key("\(index + 1)", "Open") { _ in reactor.send(.entryDidTap(index: index)) })
      }
      keys.append(Key("n", "New entry") { _ in reactor.send(.newButtonDidTap) })
      self.show(lines, keys: keys)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    appearance = onAppear { [weak reactor] in reactor?.send(.viewWillAppear) }
  }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
