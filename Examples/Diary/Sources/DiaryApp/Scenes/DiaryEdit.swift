import ReactorFlow

/// An entry being edited: the fields of ``DiaryEntry`` with its text as ``Lines``, so that adding
/// a line costs O(1) however long the entry is.
struct Draft: Equatable, Codable {
  var id: Int64?
  /// The version of the entry this draft is based on (see ``DiaryEntry/version``).
  var version: Int64
  var title: String
  var date: String
  var body: Lines

  init(_ entry: DiaryEntry) {
    id = entry.id
    version = entry.version
    title = entry.title
    date = entry.date
    body = Lines(entry.body)
  }

  /// The draft as an entry to save.
  var entry: DiaryEntry { DiaryEntry(id: id, title: title, date: date, body: body.text, version: version) }
}

/// The diary's edit screen, also used for a new entry: title, date and text are a draft until
/// saved; a bad title or date, a failed write, or an entry saved elsewhere meanwhile is said on
/// screen and the draft is kept. Leaving with changes not saved keeps the draft in the database
/// (``keepUnsavedWork()``), offered again on the diary list.
final class DiaryEditReactor: Reactor, Stepper {
  enum Action: Codable {
    case titleDidUpdate(String)
    case dateDidUpdate(String)
    case bodyDidAppend(String)
    /// `c 2 new text`: the line's number, then its text.
    case lineDidChange(String)
    /// `i 2 new text`: the number of the line it goes before, then its text.
    case lineDidInsert(String)
    /// `r 2`: the line's number.
    case lineDidRemove(String)
    case clearButtonDidTap
    case saveButtonDidTap
    /// The screen appeared (once): a new entry is dated today.
    case viewDidAppear
  }
  enum Mutation: Codable {
    case setTitle(String)
    case setDate(String)
    case appendLine(String)
    case replaceLine(Int, String)
    case insertLine(Int, String)
    case removeLine(Int)
    case clearText
    case setBase(id: Int64?, version: Int64)
    case setAlert(String)
    /// Today's date, for a new entry: its date, unless the user wrote one already.
    case setToday(String)
  }
  struct State: Encodable {
    var draft: Draft
    /// A new entry's date as it started — today, once read (`nil` until then, and for an entry
    /// that exists): what a change of the date is measured from.
    var today: String?
    @Pulse var alert: String?
  }

  let initialState: State
  let store = ReactorStore<DiaryEditReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment
  /// What the draft started from; `nil` for a resumed draft (it has changes by definition).
  private let original: DiaryEntry?
  /// Whether the draft is the one the database kept (to forget once saved).
  private let isResumed: Bool
  /// Whether the draft is a new entry (dated today once the screen appears).
  private let isNew: Bool

  /// Edits `entry`, or a new entry when `entry` is `nil`: dated today once its screen appears.
  init(entry: DiaryEntry?, env: AppEnvironment) {
    self.env = env
    let start = entry ?? DiaryEntry(id: nil, title: "", date: "", body: "")
    original = start
    isResumed = false
    isNew = entry == nil
    initialState = State(draft: Draft(start))
  }

  /// Resumes the draft the database kept.
  init(resuming draft: DiaryEntry, env: AppEnvironment) {
    self.env = env
    original = nil
    isResumed = true
    isNew = false
    initialState = State(draft: Draft(draft))
  }

  /// Whether the draft holds changes that are not saved.
  var hasUnsavedChanges: Bool {
    guard let original else { return true }
    let state = currentState
    let draft = state.draft
    return draft.title != original.title || draft.date != (state.today ?? original.date)
      || draft.body.text != original.body
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .viewDidAppear:
      guard isNew, currentState.today == nil else { return .none }
      // What day it is is read in an effect's operation, as the database is: a journal records
      // it, and a replay on another day dates the entry as it was dated.
      let now = env.now
      return env.activity.run { send in await send(.setToday(DiaryDate.today(now()).description)) }
    case .titleDidUpdate(let title):
      let title = title.trimmingSpaces
      guard title.count <= Self.maxTitleLength else {
        return .just(
          .setAlert(
            "A title has at most \(Self.maxTitleLength) characters (this one has \(title.count)); "
              + "the title is unchanged. Put the rest in the text with x."))
      }
      return Self.withoutNUL(title) { .setTitle($0) }
    case .dateDidUpdate(let text):
      switch DiaryDate.parse(text.trimmingSpaces) {
      case .success(let date): return .just(.setDate(date.description))
      case .failure(let error): return .just(.setAlert("\(error)"))
      }
    case .bodyDidAppend(let line):
      return Self.withoutNUL(line) { .appendLine($0) }
    case .lineDidChange(let argument):
      return withLine(argument, allowingEnd: false) { index, text in
        Self.withoutNUL(text) { .replaceLine(index, $0) }
      }
    case .lineDidInsert(let argument):
      return withLine(argument, allowingEnd: true) { index, text in
        Self.withoutNUL(text) { .insertLine(index, $0) }
      }
    case .lineDidRemove(let argument):
      return withLine(argument, allowingEnd: false) { index, text in
        text.isEmpty ? .just(.removeLine(index)) : .just(.setAlert("r takes a line's number alone: r 2"))
      }
    case .clearButtonDidTap:
      let count = currentState.draft.body.count
      guard count > 0 else { return .just(.setAlert("The text is already empty.")) }
      return .concat(
        .just(.clearText),
        .just(
          .setAlert(
            "The text was cleared (\(count) line\(count == 1 ? "" : "s")); b keeps the entry as it was saved, as a draft."
          )))
    case .saveButtonDidTap:
      let draft = currentState.draft
      guard !draft.title.isEmpty else {
        return .just(.setAlert("An entry needs a title: t My day"))
      }
      // The database is only ever called from effects, whose outputs a journal records and a
      // replay delivers.
      let (database, isResumed) = (env.database, isResumed)
      return env.activity.run { [weak self] send in
        let (mutations, step) = Self.save(draft, in: database, isResumed: isResumed)
        for mutation in mutations { await send(mutation) }
        if let step { emit(step, from: self) }
      }
    }
  }

  /// Saves `draft`: the step to take once saved, or what to tell the user.
  private static func save(_ draft: Draft, in database: DiaryDatabase, isResumed: Bool) -> (
    [Mutation], AppStep?
  ) {
    do {
      let saved = try database.save(draft.entry)
      if isResumed {
        // The entry is saved; if forgetting the kept draft fails, it is offered again later,
        // which loses nothing.
        try? database.discardDraft()
      }
      return ([], saved.id.map { AppStep.diaryIsSaved(id: $0, isNew: draft.id == nil) })
    } catch SaveConflict.changedElsewhere(let current) {
      return (
        [
          .setBase(id: current.id, version: current.version),
          .setAlert(
            """
            This entry was saved elsewhere (another diary on this file) since you opened it; \
            it is now titled "\(TerminalText.excerpt(current.title))". Your text is kept here: s saves it over that \
            version, b keeps it as a draft.
            """),
        ], nil
      )
    } catch SaveConflict.deletedElsewhere {
      return (
        [
          .setBase(id: nil, version: 1),
          .setAlert(
            "This entry was deleted elsewhere since you opened it. Your text is kept here: s saves it as a new entry."
          ),
        ], nil
      )
    } catch let error as DiaryDatabase.DamagedFile {
      return (
        [
          .setAlert(
            "Could not save: \(DiaryDatabase.explain(error)). Your text stays on screen: copy it before you quit."
          )
        ], nil
      )
    } catch {
      return (
        [.setAlert("Could not save: \(DiaryDatabase.explain(error)). Your text is kept here; try s again.")],
        nil
      )
    }
  }

  /// How many characters a title has at most (the frame shows it on one line of the path).
  static let maxTitleLength = 100
  /// How many lines a text has at most in a journal: a journal file that holds more cannot be
  /// read (its size is limited). A line's index beyond it is refused as it decodes.
  nonisolated static let maxLineCount = 1_000_000

  /// `mutation` for the line numbered at the start of `argument` (from 1) and the text after
  /// it; an alert if there is no such line (`allowingEnd`: one past the last is fine).
  private func withLine(
    _ argument: String, allowingEnd: Bool, _ mutation: (Int, String) -> Effect<Mutation>
  ) -> Effect<Mutation> {
    let numberText = argument.prefix { !$0.isWhitespace }
    let text = String(argument.dropFirst(numberText.count).dropFirst())
    let count = currentState.draft.body.count
    guard let number = Int(numberText) else {
      return .just(
        .setAlert("Start with the line's number, shown left of each line: c 2 new text, i 2 new text, r 2."))
    }
    guard number >= 1, number <= count + (allowingEnd ? 1 : 0) else {
      return .just(
        .setAlert(
          "There is no line \(number): the text has \(count) line\(count == 1 ? "" : "s")."))
    }
    return mutation(number - 1, text)
  }

  /// `mutation` of `text` without its NUL characters (SQLite would cut the text at the first
  /// one), and an alert saying they were removed.
  private static func withoutNUL(_ text: String, _ mutation: (String) -> Mutation) -> Effect<Mutation> {
    guard text.contains("\0") else { return .just(mutation(text)) }
    return .concat(
      .just(mutation(text.filter { $0 != "\0" })),
      .just(.setAlert("NUL characters cannot be stored in the diary; they were removed.")))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setTitle(let title): newState.draft.title = title
    case .setDate(let date): newState.draft.date = date
    case .appendLine(let line): newState.draft.body.append(line)
    // The reactor only asks for lines the text has; a journal's mutation may name any other
    // line (its number decoded within range, but for another text): the text stays as it is,
    // and a replay diverges there.
    case .replaceLine(let index, let line):
      guard (0..<state.draft.body.count).contains(index) else { break }
      newState.draft.body.replace(at: index, with: line)
    case .insertLine(let index, let line):
      guard (0...state.draft.body.count).contains(index) else { break }
      newState.draft.body.insert(line, at: index)
    case .removeLine(let index):
      guard (0..<state.draft.body.count).contains(index) else { break }
      newState.draft.body.remove(at: index)
    case .clearText: newState.draft.body.removeAll()
    case .setBase(let id, let version):
      newState.draft.id = id
      newState.draft.version = version
    case .setAlert(let message): newState.alert = message
    case .setToday(let date):
      newState.today = date
      if newState.draft.date.isEmpty { newState.draft.date = date }
    }
    return newState
  }

  /// Keeps the draft in the database if it has unsaved changes. Returns what to tell the user,
  /// or throws if the draft could not be kept.
  func keepUnsavedWork() throws -> String? {
    guard hasUnsavedChanges else { return nil }
    let draft = currentState.draft
    try env.database.keepDraft(draft.entry)
    let name = draft.title.isEmpty ? "without a title" : "\"\(TerminalText.excerpt(draft.title))\""
    return "Your unsaved entry \(name) is kept as a draft: r on the diary list resumes it."
  }
}

// A journal's mutation is untrusted: a line's index or an entry's version out of its range is
// refused as it decodes.
extension DiaryEditReactor.Mutation {
  init(from decoder: any Decoder) throws {
    let (container, key) = try decoder.enumCase(CodingKeys.self, of: Self.self)
    let lines = 0...(DiaryEditReactor.maxLineCount - 1)
    switch key {
    case .setTitle:
      let values = try container.nestedContainer(keyedBy: SetTitleCodingKeys.self, forKey: key)
      self = .setTitle(try values.decode(String.self, forKey: ._0))
    case .setDate:
      let values = try container.nestedContainer(keyedBy: SetDateCodingKeys.self, forKey: key)
      self = .setDate(try values.decode(String.self, forKey: ._0))
    case .appendLine:
      let values = try container.nestedContainer(keyedBy: AppendLineCodingKeys.self, forKey: key)
      self = .appendLine(try values.decode(String.self, forKey: ._0))
    case .replaceLine:
      let values = try container.nestedContainer(keyedBy: ReplaceLineCodingKeys.self, forKey: key)
      self = .replaceLine(
        try values.decode(Int.self, forKey: ._0, in: lines, "the line's index"),
        try values.decode(String.self, forKey: ._1))
    case .insertLine:
      let values = try container.nestedContainer(keyedBy: InsertLineCodingKeys.self, forKey: key)
      self = .insertLine(
        try values.decode(Int.self, forKey: ._0, in: lines, "the line's index"),
        try values.decode(String.self, forKey: ._1))
    case .removeLine:
      let values = try container.nestedContainer(keyedBy: RemoveLineCodingKeys.self, forKey: key)
      self = .removeLine(try values.decode(Int.self, forKey: ._0, in: lines, "the line's index"))
    case .clearText: self = .clearText
    case .setBase:
      let values = try container.nestedContainer(keyedBy: SetBaseCodingKeys.self, forKey: key)
      let id = try values.decodeIfPresent(Int64.self, forKey: .id)
      if let id, id < 1 {
        throw JournalValueError(
          at: values.codingPath + [SetBaseCodingKeys.id], "the entry's id \(id) is out of range (from 1)")
      }
      self = .setBase(
        id: id, version: try values.decode(Int64.self, forKey: .version, in: 1...Int64.max, "the version"))
    case .setAlert:
      let values = try container.nestedContainer(keyedBy: SetAlertCodingKeys.self, forKey: key)
      self = .setAlert(try values.decode(String.self, forKey: ._0))
    case .setToday:
      let values = try container.nestedContainer(keyedBy: SetTodayCodingKeys.self, forKey: key)
      self = .setToday(try values.decode(String.self, forKey: ._0))
    }
  }
}

// `--trace` prints actions and mutations: a line, not a whole entry.
extension DiaryEditReactor.Mutation: CustomStringConvertible {
  var description: String {
    switch self {
    case .setTitle(let title): return "setTitle(\(title.debugDescription))"
    case .setDate(let date): return "setDate(\(date.debugDescription))"
    case .appendLine(let line): return "appendLine(\(line.debugDescription))"
    case .replaceLine(let index, let line): return "replaceLine(\(index), \(line.debugDescription))"
    case .insertLine(let index, let line): return "insertLine(\(index), \(line.debugDescription))"
    case .removeLine(let index): return "removeLine(\(index))"
    case .clearText: return "clearText"
    case .setBase(let id, let version):
      return "setBase(id: \(id.map(String.init) ?? "nil"), version: \(version))"
    case .setAlert(let message): return "setAlert(\(message.debugDescription))"
    case .setToday(let date): return "setToday(\(date.debugDescription))"
    }
  }
}

/// A screen whose unsaved work must not be lost when the user leaves it or the app ends.
@MainActor
protocol KeepsUnsavedWork: AnyObject {
  /// Puts the unsaved work somewhere safe; returns what to tell the user (`nil`: nothing to
  /// keep), or throws if it could not be kept.
  func keepUnsavedWork() throws -> String?
}

final class DiaryEditScreen: AppScreen, View, KeepsUnsavedWork {
  @BindsReactor var reactor: DiaryEditReactor?
  var disposeBag = DisposeBag()
  private var appearance: AnyDisposable?
  private var didAppear = false

  init(reactor: DiaryEditReactor, title: String) {
    super.init(title: title)
    self.reactor = reactor
    // Lines are added at the end: that is what a long text shows first.
    showsEndFirst = true
  }

  func keepUnsavedWork() throws -> String? {
    try reactor?.keepUnsavedWork()
  }

  func bind(reactor: DiaryEditReactor) {
    reactor.observe(\.draft) { [weak self, weak reactor] draft in
      guard let self, let reactor else { return }
      // Each line after its number, for c, i and r.
      let body =
        draft.body.isEmpty
        ? ["      —"]
        : draft.body.all.enumerated().map { index, line in
          let number = String(index + 1)
          return String(repeating: " ", count: max(0, 4 - number.count)) + number + "  " + line
        }
      var keys = [
        Key("t", "Title", argument: "title") { reactor.send(.titleDidUpdate($0)) },
        Key("d", "Date", argument: "YYYY-MM-DD") { reactor.send(.dateDidUpdate($0)) },
        Key("x", "Add a line", argument: "text") { reactor.send(.bodyDidAppend($0)) },
      ]
      if !draft.body.isEmpty {
        keys += [
          Key("c", "Change line", argument: "n> <text") { reactor.send(.lineDidChange($0)) },
          Key("i", "Insert line", argument: "n> <text") { reactor.send(.lineDidInsert($0)) },
          Key("r", "Remove line", argument: "n") { reactor.send(.lineDidRemove($0)) },
          Key("clear", "Clear the text") { _ in reactor.send(.clearButtonDidTap) },
        ]
      }
      keys.append(Key("s", "Save") { _ in reactor.send(.saveButtonDidTap) })
      self.show(
        ["Title: \(draft.title.isEmpty ? "—" : draft.title)", "Date:  \(draft.date)", "Text:"] + body,
        keys: keys)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    // UIKit's viewDidAppear, once.
    appearance = onVisibilityChange { [weak self, weak reactor] isVisible in
      guard isVisible, let self, !self.didAppear else { return }
      self.didAppear = true
      reactor?.send(.viewDidAppear)
    }
  }
}
