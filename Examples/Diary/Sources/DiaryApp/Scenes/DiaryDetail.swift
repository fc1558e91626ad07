import ReactorFlow

/// The diary's detail screen: one entry, reloaded when it appears (after an edit). Editing waits
/// while a draft is kept (another editor would replace it when left); deleting asks first.
final class DiaryDetailReactor: Reactor, Stepper {
  enum Action: Codable {
    case viewWillAppear
    case editButtonDidTap
    case deleteButtonDidTap
    case deleteDidConfirm
    /// Any other key after `delete`: the entry is kept.
    case deleteDidCancel
  }
  enum Mutation: Codable {
    case setEntry(DiaryEntry?, keptDraft: DiaryEntry?)
    case setFailure(String)
    case setConfirmingDelete(Bool)
    case setAlert(String)
  }
  struct State: Encodable {
    var entry: DiaryEntry?
    /// The draft kept from an edit left unsaved: editing waits until it is resumed or dropped.
    var keptDraft: DiaryEntry?
    /// Why the entry could not be read, shown instead of it.
    var failure: String?
    /// Whether `delete` was typed and `y` would delete the entry.
    var isConfirmingDelete = false
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
    switch action {
    // The database is only ever called from effects, whose outputs a journal records and a
    // replay delivers.
    case .viewWillAppear:
      let (database, id) = (env.database, id)
      return env.activity.run { send in
        do {
          await send(.setEntry(try database.entry(id: id), keptDraft: try database.keptDraft()))
        } catch {
          await send(
            .setFailure(
              "Could not read this entry: \(DiaryDatabase.explain(error)). Press b, then open it again."))
        }
      }
    case .editButtonDidTap:
      // Edit the entry as it is now (another diary may have changed it); if it cannot be read,
      // say so rather than open an empty editor.
      let (database, id, shown) = (env.database, id, currentState.entry)
      return env.activity.run { [weak self] send in
        do {
          if let draft = try database.keptDraft() {
            await send(.setEntry(shown, keptDraft: draft))
            return
          }
          guard let entry = try database.entry(id: id) else {
            await send(.setEntry(nil, keptDraft: nil))
            await send(.setAlert("This entry no longer exists."))
            return
          }
          emit(.diaryEditIsRequired(entry), from: self)
        } catch {
          await send(
            .setAlert("Could not open the entry for editing: \(DiaryDatabase.explain(error)). Try e again."))
        }
      }
    case .deleteButtonDidTap:
      return .just(.setConfirmingDelete(true))
    case .deleteDidCancel:
      return currentState.isConfirmingDelete ? .just(.setConfirmingDelete(false)) : .none
    case .deleteDidConfirm:
      guard currentState.isConfirmingDelete else { return .none }
      let (database, id, keptDraft) = (env.database, id, currentState.keptDraft)
      return env.activity.run { [weak self] send in
        do {
          guard let deleted = try database.delete(id: id) else {
            await send(.setConfirmingDelete(false))
            await send(.setEntry(nil, keptDraft: keptDraft))
            await send(.setAlert("This entry no longer exists."))
            return
          }
          emit(.diaryIsDeleted(deleted), from: self)
        } catch {
          await send(.setConfirmingDelete(false))
          await send(.setAlert("Could not delete: \(DiaryDatabase.explain(error)). The entry is kept."))
        }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setEntry(let entry, let keptDraft):
      newState.entry = entry
      newState.keptDraft = keptDraft
      newState.failure = nil
    case .setFailure(let failure): newState.failure = failure
    case .setConfirmingDelete(let isConfirming): newState.isConfirmingDelete = isConfirming
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

  /// A confirmation holds for the next key only.
  override func willHandle(key: String) {
    if key != "y" { reactor?.send(.deleteDidCancel) }
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
      var lines = ["\(entry.title)", "\(entry.date)", ""]
      lines += entry.body.isEmpty ? ["(no text)"] : entry.body.split(separator: "\n").map(String.init)
      var keys: [Key] = []
      if state.isConfirmingDelete {
        lines += [
          "", "Delete \"\(TerminalText.excerpt(entry.title))\"? y deletes it; any other key keeps it.",
        ]
        keys.append(Key("y", "Yes, delete") { _ in reactor.send(.deleteDidConfirm) })
      } else if let draft = state.keptDraft {
        let reason =
          "Editing waits for your unsaved draft \(DiaryListReactor.name(of: draft)): on the diary list, r resumes it and discard drops it."
        lines += ["", reason]
        keys.append(.unavailable("e", "Edit", because: reason))
      } else {
        keys.append(Key("e", "Edit") { _ in reactor.send(.editButtonDidTap) })
      }
      if !state.isConfirmingDelete {
        keys.append(Key("delete", "Delete") { _ in reactor.send(.deleteButtonDidTap) })
      }
      self.show(lines, keys: keys)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    appearance = onAppear { [weak reactor] in reactor?.send(.viewWillAppear) }
  }
}
