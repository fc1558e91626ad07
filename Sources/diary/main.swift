import ReactorFlow

// A placeholder for the terminal demo app: a diary reactor bound to a text view, driven by a
// short script. The interactive app (launch, sign-in, tabs, SQLite) replaces it.

final class DiaryReactor: Reactor {
  enum Action {
    case add(title: String)
    case remove(index: Int)
  }
  enum Mutation {
    case append(String)
    case delete(Int)
    case warn(String)
  }
  struct State {
    var entries: [String] = []
    @Pulse var warning: String?
  }

  let initialState = State()
  let store = ReactorStore<DiaryReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let title):
      let trimmed = String(
        title.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      return trimmed.isEmpty ? .just(.warn("A title cannot be empty.")) : .just(.append(trimmed))
    case .remove(let index):
      guard currentState.entries.indices.contains(index) else {
        return .just(.warn("There is no entry \(index + 1)."))
      }
      return .just(.delete(index))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .append(let title): newState.entries.append(title)
    case .delete(let index): newState.entries.remove(at: index)
    case .warn(let message): newState.warning = message
    }
    return newState
  }
}

final class DiaryListView: View {
  @BindsReactor var reactor: DiaryReactor?
  var disposeBag = DisposeBag()

  func bind(reactor: DiaryReactor) {
    reactor.observe(\.entries) { entries in
      print("┌─ Diary ─────────────────────")
      if entries.isEmpty { print("│ (no entries)") }
      for (index, title) in entries.enumerated() { print("│ \(index + 1). \(title)") }
      print("└─────────────────────────────")
    }
    .disposed(by: disposeBag)
    reactor.pulse(\.$warning) { warning in
      if let warning { print("! \(warning)") }
    }
    .disposed(by: disposeBag)
  }
}

@MainActor
func runDemo() {
  print("ReactorFlow demo (placeholder): a diary reactor bound to a text view.\n")
  let view = DiaryListView()
  view.reactor = DiaryReactor()
  for (line, action) in [
    ("add \"First day\"", DiaryReactor.Action.add(title: "First day")),
    ("add \"   \"", .add(title: "   ")),
    ("add \"Second day\"", .add(title: "Second day")),
    ("remove 5", .remove(index: 4)),
    ("remove 1", .remove(index: 0)),
  ] {
    print("> \(line)")
    view.reactor?.send(action)
  }
}

MainActor.assumeIsolated { runDemo() }
