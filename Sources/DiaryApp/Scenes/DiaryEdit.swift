import ReactorFlow

/// Seed 001's edit screen, also used for a new entry: title, date and text are a draft until
/// saved; a bad title or date, or a failed write, is said on screen and the draft is kept.
final class DiaryEditReactor: Reactor, Stepper {
  enum Action {
    case titleDidUpdate(String)
    case dateDidUpdate(String)
    case bodyDidUpdate(String)
    case bodyDidAppend(String)
    case saveButtonDidTap
  }
  enum Mutation {
    case setTitle(String)
    case setDate(String)
    case setBody(String)
    case setAlert(String)
  }
  struct State {
    var draft: DiaryEntry
    @Pulse var alert: String?
  }

  let initialState: State
  let store = ReactorStore<DiaryEditReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  /// Edits `entry`, or a new entry dated today when `entry` is `nil`.
  init(entry: DiaryEntry?, today: DiaryDate, env: AppEnvironment) {
    self.env = env
    initialState = State(draft: entry ?? DiaryEntry(id: nil, title: "", date: today.description, body: ""))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    env.trace.action(self, action)
    switch action {
    case .titleDidUpdate(let title):
      return .just(.setTitle(title.trimmingSpaces))
    case .dateDidUpdate(let text):
      switch DiaryDate.parse(text.trimmingSpaces) {
      case .success(let date): return .just(.setDate(date.description))
      case .failure(let error): return .just(.setAlert("\(error)"))
      }
    case .bodyDidUpdate(let body):
      return .just(.setBody(body))
    case .bodyDidAppend(let line):
      let body = currentState.draft.body
      return .just(.setBody(body.isEmpty ? line : body + "\n" + line))
    case .saveButtonDidTap:
      let draft = currentState.draft
      guard !draft.title.isEmpty else {
        return .just(.setAlert("An entry needs a title: t My day"))
      }
      do {
        let saved = try env.database.save(draft)
        if let id = saved.id { steps.accept(AppStep.diaryIsSaved(id: id, isNew: draft.id == nil)) }
        return .none
      } catch {
        return .just(.setAlert("Could not save (\(error)). Your text is kept here; try s again."))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    env.trace.mutation(self, mutation)
    var newState = state
    switch mutation {
    case .setTitle(let title): newState.draft.title = title
    case .setDate(let date): newState.draft.date = date
    case .setBody(let body): newState.draft.body = body
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }
}

final class DiaryEditScreen: AppScreen, View {
  @BindsReactor var reactor: DiaryEditReactor?
  var disposeBag = DisposeBag()

  init(reactor: DiaryEditReactor, title: String) {
    super.init(title: title)
    self.reactor = reactor
  }

  func bind(reactor: DiaryEditReactor) {
    reactor.observe(\.draft) { [weak self, weak reactor] draft in
      guard let self, let reactor else { return }
      let body = draft.body.isEmpty ? ["      —"] : draft.body.split(separator: "\n").map { "      \($0)" }
      self.show(
        ["Title: \(draft.title.isEmpty ? "—" : draft.title)", "Date:  \(draft.date)", "Text:"] + body,
        keys: [
          Key("t", "Title", argument: "title") { reactor.send(.titleDidUpdate($0)) },
          Key("d", "Date", argument: "YYYY-MM-DD") { reactor.send(.dateDidUpdate($0)) },
          Key("x", "Add a line", argument: "text") { reactor.send(.bodyDidAppend($0)) },
          Key("s", "Save") { _ in reactor.send(.saveButtonDidTap) },
        ])
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
  }
}
