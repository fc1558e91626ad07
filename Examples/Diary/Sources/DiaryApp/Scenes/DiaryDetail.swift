import ReactorFlow

/// The diary's detail screen: one entry, reloaded when it appears (after an edit).
final class DiaryDetailReactor: Reactor, Stepper {
  enum Action {
    case viewWillAppear
    case editButtonDidTap
  }
  enum Mutation {
    case setEntry(DiaryEntry?)
    case setFailure(String)
    case setAlert(String)
  }
  struct State {
    var entry: DiaryEntry?
    /// Why the entry could not be read, shown instead of it.
    var failure: String?
    @Pulse var alert: String?
  }

  let id: Int64
  let initialState = State()
  let store = ReactorStore<DiaryDetailReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(id: Int64, env: AppEnvironment) {
    self.id = id
    self.env = env
  }

  func mutate(action: Action) -> Effect<Mutation> {
    env.trace.action(self, action)
    switch action {
    case .viewWillAppear:
      do {
        return .just(.setEntry(try env.database.entry(id: id)))
      } catch {
        return .just(
          .setFailure(
            "Could not read this entry: \(DiaryDatabase.explain(error)). Press b, then open it again."))
      }
    case .editButtonDidTap:
      // Edit the entry as it is now (another diary may have changed it); if it cannot be read,
      // say so rather than open an empty editor.
      do {
        if let draft = try env.database.keptDraft() {
          return .just(.setAlert(DiaryListReactor.draftFirst(draft)))
        }
        guard let entry = try env.database.entry(id: id) else {
          return .concat(.just(.setEntry(nil)), .just(.setAlert("This entry no longer exists.")))
        }
        steps.accept(AppStep.diaryEditIsRequired(entry))
        return .none
      } catch {
        return .just(
          .setAlert("Could not open the entry for editing: \(DiaryDatabase.explain(error)). Try e again."))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    env.trace.mutation(self, mutation)
    var newState = state
    switch mutation {
    case .setEntry(let entry):
      newState.entry = entry
      newState.failure = nil
    case .setFailure(let failure): newState.failure = failure
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }
}

final class DiaryDetailScreen: AppScreen, View {
  @BindsReactor var reactor: DiaryDetailReactor?
  var disposeBag = DisposeBag()
  private var appearance: AnyDisposable?

  init(reactor: DiaryDetailReactor) {
    super.init(title: "Entry")
    self.reactor = reactor
  }

  func bind(reactor: DiaryDetailReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      if let failure = state.failure {
        self.show([failure], keys: [])
        return
      }
      guard let entry = state.entry else {
        self.show(["This entry does not exist (any more)."], keys: [])
        return
      }
      self.title = entry.title
      let body = entry.body.isEmpty ? ["(no text)"] : entry.body.split(separator: "\n").map(String.init)
      self.show(
        ["\(entry.title)", "\(entry.date)", ""] + body,
        keys: [Key("e", "Edit") { _ in reactor.send(.editButtonDidTap) }])
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    appearance = onAppear { [weak reactor] in reactor?.send(.viewWillAppear) }
  }
}
