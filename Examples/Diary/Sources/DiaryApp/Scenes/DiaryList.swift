import ReactorFlow

/// The diary's main screen: the list of entries, a page at a time (newest first), reloaded each
/// time it appears; a draft kept from an edit that was left unsaved is offered first. The tab's
/// accent colour follows the settings through a global event merged in `transform(mutation:)`.
final class DiaryListReactor: Reactor, Stepper {
  /// How many entries a page shows: the frame fits a 30-row terminal.
  nonisolated static let pageSize = 10
  /// The largest number an entry of the list has: more entries than a diary file can hold. A
  /// journal's value beyond it is refused (and sums of numbers cannot overflow).
  nonisolated static let maxEntryNumber = 1_000_000_000_000

  enum Action: Codable {
    case viewWillAppear
    case entryDidTap(number: Int)
    case newButtonDidTap
    case pageDidChange(by: Int)
    case resumeDraftButtonDidTap
    case discardDraftButtonDidTap
    /// The detail screen deleted `entry`: `u` puts it back, until the next key.
    case entryWasDeleted(DiaryEntry)
    case undoDeleteButtonDidTap
    /// A key other than `u`: the deletion can no longer be undone.
    case undoDidExpire
  }
  enum Mutation: Codable {
    case setPage(Page)
    case setDeleted(DiaryEntry?)
    case setAccent(Accent)
    case setAlert(String)
  }
  /// What the list shows: one page of entries and the draft kept, or why they could not be read.
  struct Page: Equatable, Codable {
    /// The number of the first entry of `entries` (from 1).
    var firstNumber = 1
    var entries: [DiaryEntry] = []
    var total = 0
    var keptDraft: DiaryEntry?
    /// Why the diary could not be read, shown instead of the entries until it can.
    var failure: String?
  }
  struct State: Encodable {
    var page = Page()
    /// The entry just deleted, which `u` puts back.
    var deleted: DiaryEntry?
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
    let page = currentState.page
    switch action {
    case .viewWillAppear:
      // The first page shows the newest entries (a new one, too); another page is shown again
      // from its first entry (if it still exists).
      guard page.firstNumber > 1, let first = page.entries.first else {
        return loading(.newest, firstNumber: 1)
      }
      return loading(.at(first), firstNumber: page.firstNumber)
    case .pageDidChange(let delta):
      let lastShown = page.firstNumber + page.entries.count - 1
      if delta > 0, let last = page.entries.last, lastShown < page.total {
        return loading(.after(last), firstNumber: lastShown + 1, total: page.total)
      }
      if delta < 0, let first = page.entries.first, page.firstNumber > 1 {
        return loading(
          .before(first), firstNumber: max(1, page.firstNumber - Self.pageSize), total: page.total)
      }
      return .just(.setAlert(delta > 0 ? "This is the last page." : "This is the first page."))
    case .entryDidTap(let number):
      // A number the page does not show (however far from it) is not an entry of the page.
      let (offset, overflow) = number.subtractingReportingOverflow(page.firstNumber)
      guard !overflow, let id = page.entries[safe: offset]?.id else {
        return .just(
          .setAlert(
            page.total == 0 ? "The diary is empty: n adds an entry." : "Pick an entry shown on this page.")
        )
      }
      steps.accept(AppStep.diaryIsPicked(id: id))
      return .none
    case .newButtonDidTap:
      if let draft = page.keptDraft { return .just(.setAlert(Self.draftFirst(draft))) }
      steps.accept(AppStep.newDiaryIsRequired)
      return .none
    case .resumeDraftButtonDidTap:
      guard let draft = page.keptDraft else { return .just(.setAlert("There is no draft to resume.")) }
      steps.accept(AppStep.draftIsResumed(draft))
      return .none
    case .entryWasDeleted(let entry):
      return .concat(.just(.setDeleted(entry)), loading(.newest, firstNumber: 1))
    case .undoDidExpire:
      return currentState.deleted == nil ? .none : .just(.setDeleted(nil))
    case .undoDeleteButtonDidTap:
      guard let entry = currentState.deleted else { return .just(.setAlert("There is nothing to undo.")) }
      let database = env.database
      return env.activity.run { [weak self] send in
        do {
          try database.restore(entry)
        } catch {
          await send(.setAlert("Could not put the entry back: \(DiaryDatabase.explain(error))."))
          return
        }
        guard let self else { return }
        await send(.setDeleted(nil))
        await send(.setPage(self.load(.newest, firstNumber: 1)))
        await send(.setAlert("\(Self.name(of: entry).capitalizedFirst) is back."))
      }
    case .discardDraftButtonDidTap:
      let database = env.database
      return env.activity.run { send in
        do {
          try database.discardDraft()
        } catch {
          await send(.setAlert("Could not discard the draft: \(DiaryDatabase.explain(error))."))
          return
        }
        var page = page
        page.keptDraft = nil
        await send(.setPage(page))
        await send(.setAlert("The draft was discarded."))
      }
    }
  }

  /// The page at `start` (see ``load(_:firstNumber:total:)``), read in an effect: the database
  /// is only ever called from effects, whose outputs a journal records and a replay delivers.
  private func loading(_ start: DiaryDatabase.PageStart, firstNumber: Int, total: Int? = nil) -> Effect<
    Mutation
  > {
    env.activity.run { [weak self] send in
      guard let self else { return }
      await send(.setPage(self.load(start, firstNumber: firstNumber, total: total)))
    }
  }

  /// "You have an unsaved draft …": said instead of opening another editor, which would replace
  /// the kept draft when left.
  static func draftFirst(_ draft: DiaryEntry) -> String {
    "You have an unsaved draft \(name(of: draft)): r resumes it, or discard drops it, before you edit another entry."
  }

  /// `"Lunch"` (cut when long), or `without a title`.
  static func name(of entry: DiaryEntry) -> String {
    entry.title.isEmpty ? "without a title" : "\"\(TerminalText.excerpt(entry.title))\""
  }

  /// The page at `start`, whose first entry is number `firstNumber`; the first page if nothing
  /// is left there (the entries were deleted elsewhere). `total` is counted again unless given
  /// (counting 100,000 entries takes ~1.6 ms: done when the list appears, not at each page).
  private func load(_ start: DiaryDatabase.PageStart, firstNumber: Int, total: Int? = nil) -> Page {
    do {
      let total = try total ?? env.database.entryCount()
      var entries = try env.database.entries(start, limit: Self.pageSize)
      var firstNumber = firstNumber
      if entries.isEmpty || firstNumber > total {
        entries = try env.database.entries(.newest, limit: Self.pageSize)
        firstNumber = 1
      }
      return Page(
        firstNumber: firstNumber, entries: entries, total: total, keptDraft: try env.database.keptDraft())
    } catch {
      var page = currentState.page
      page.failure =
        "Could not read the diary: \(DiaryDatabase.explain(error)). l tries again."
      return page
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setPage(let page): newState.page = page
    case .setDeleted(let entry): newState.deleted = entry
    case .setAccent(let accent): newState.accent = accent
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }
}

// A journal's action or page is untrusted: a number out of its range is refused as it decodes,
// so that the reactor only computes with numbers it could have shown.
extension DiaryListReactor.Action {
  init(from decoder: any Decoder) throws {
    let (container, key) = try decoder.enumCase(CodingKeys.self, of: Self.self)
    switch key {
    case .viewWillAppear: self = .viewWillAppear
    case .entryDidTap:
      let values = try container.nestedContainer(keyedBy: EntryDidTapCodingKeys.self, forKey: key)
      self = .entryDidTap(
        number: try values.decode(
          Int.self, forKey: .number, in: 1...DiaryListReactor.maxEntryNumber, "the entry number"))
    case .newButtonDidTap: self = .newButtonDidTap
    case .pageDidChange:
      let values = try container.nestedContainer(keyedBy: PageDidChangeCodingKeys.self, forKey: key)
      let delta = try values.decode(Int.self, forKey: .by)
      guard delta == 1 || delta == -1 else {
        throw JournalValueError(
          at: values.codingPath + [PageDidChangeCodingKeys.by],
          "a page changes by 1 or -1, not by \(delta)")
      }
      self = .pageDidChange(by: delta)
    case .resumeDraftButtonDidTap: self = .resumeDraftButtonDidTap
    case .discardDraftButtonDidTap: self = .discardDraftButtonDidTap
    case .entryWasDeleted:
      let values = try container.nestedContainer(keyedBy: EntryWasDeletedCodingKeys.self, forKey: key)
      self = .entryWasDeleted(try values.decode(DiaryEntry.self, forKey: ._0))
    case .undoDeleteButtonDidTap: self = .undoDeleteButtonDidTap
    case .undoDidExpire: self = .undoDidExpire
    }
  }
}

extension DiaryListReactor.Page {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let limit = DiaryListReactor.maxEntryNumber
    firstNumber = try container.decode(
      Int.self, forKey: .firstNumber, in: 1...limit, "the first entry's number")
    entries = try container.decode([DiaryEntry].self, forKey: .entries)
    guard entries.count <= DiaryListReactor.pageSize else {
      throw JournalValueError(
        at: container.codingPath + [CodingKeys.entries],
        "a page shows \(DiaryListReactor.pageSize) entries at most, not \(entries.count)")
    }
    total = try container.decode(Int.self, forKey: .total, in: 0...limit, "the number of entries")
    keptDraft = try container.decodeIfPresent(DiaryEntry.self, forKey: .keptDraft)
    failure = try container.decodeIfPresent(String.self, forKey: .failure)
  }
}

final class DiaryListScreen: AppScreen, View, AccentedScreen {
  @BindsReactor var reactor: DiaryListReactor?
  var disposeBag = DisposeBag()
  private(set) var accent: Accent = .green
  private var appearance: AnyDisposable?

  init(reactor: DiaryListReactor) {
    super.init(title: "Diary")
    self.reactor = reactor
  }

  /// An undo holds until the next key.
  override func willHandle(key: String) {
    if key != "u" { reactor?.send(.undoDidExpire) }
  }

  func bind(reactor: DiaryListReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      self.render(state, reactor)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    appearance = onAppear { [weak reactor] in reactor?.send(.viewWillAppear) }
  }

  private func render(_ state: DiaryListReactor.State, _ reactor: DiaryListReactor) {
    accent = state.accent
    let page = state.page
    var lines = ["Accent: \(state.accent.rawValue)", ""]
    var cut: Set<Int> = []
    var keys: [Key] = []
    if let deleted = state.deleted {
      lines += ["Deleted \(DiaryListReactor.name(of: deleted)): u brings it back.", ""]
      keys.append(Key("u", "Undo delete") { _ in reactor.send(.undoDeleteButtonDidTap) })
    }
    if let draft = page.keptDraft {
      lines.append(
        "Unsaved draft: \(draft.title.isEmpty ? "(no title)" : draft.title) — r resumes, discard drops it; "
          + "new entries and edits wait until then.")
      lines.append("")
      keys.append(Key("r", "Resume draft") { _ in reactor.send(.resumeDraftButtonDidTap) })
      keys.append(Key("discard", "Discard draft") { _ in reactor.send(.discardDraftButtonDidTap) })
    }
    if let failure = page.failure {
      lines.append(failure)
      keys.append(Key("l", "Try again") { _ in reactor.send(.viewWillAppear) })
    } else if page.total == 0 {
      lines.append("No entries yet. Press n to write the first one.")
    }
    if page.failure == nil {
      for (offset, entry) in page.entries.enumerated() {
        let number = page.firstNumber + offset
        // One row per entry, however long (or wide) its title.
        cut.insert(lines.count)
        lines.append("\(number). \(entry.date)  \(entry.title)")
        keys.append(Key("\(number)", "Open") { _ in reactor.send(.entryDidTap(number: number)) })
      }
      if page.total > DiaryListReactor.pageSize {
        let last = page.firstNumber + page.entries.count - 1
        lines += ["", "Entries \(page.firstNumber)–\(last) of \(page.total)"]
        if page.firstNumber > 1 {
          keys.append(Key("[", "Newer") { _ in reactor.send(.pageDidChange(by: -1)) })
        }
        if last < page.total { keys.append(Key("]", "Older") { _ in reactor.send(.pageDidChange(by: 1)) }) }
      }
    }
    if let draft = page.keptDraft {
      keys.append(.unavailable("n", "New entry", because: DiaryListReactor.draftFirst(draft)))
    } else {
      keys.append(Key("n", "New entry") { _ in reactor.send(.newButtonDidTap) })
    }
    show(lines, keys: keys, cutting: cut)
  }
}

extension String {
  /// The string with its first character upper-cased (`"Lunch" is back`, `Without a title …`).
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
