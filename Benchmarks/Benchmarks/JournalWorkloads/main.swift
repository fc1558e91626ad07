// The journal's workloads as a plain program, for instruction counts per entry at 1k, 10k and
// 100k entries (see journal-ratios.sh): `JournalWorkloads <workload> <entries> <file>`.
//   make N FILE     records a session of a small app (add, add, open, back, over and over) until
//                   it holds N entries, and writes it whole to FILE (not measured: the others' input)
//   read FILE       reads FILE
//   replay FILE     reads FILE and replays it in a fresh app (its effects substituted)
//   restore FILE    reads FILE and restores its navigation in a fresh app
//   append N FILE   records N entries and appends them to FILE as they come (10 per append, as a
//                   command's entries are)
//   rewrite N FILE  the same, writing the whole journal to FILE again after each 10 (how the demo
//                   wrote its journal before it appended)
import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal

enum TallyStep: Step, Codable, Equatable {
  case start
  case opened(Int)
}

/// Adds one per tap (a mutation, through an effect's output) and opens a page of the count.
final class TallyReactor: Reactor, Stepper {
  enum Action: Equatable, Codable { case add, open }
  enum Mutation: Equatable, Codable { case setCount(Int) }
  struct State: Equatable, Codable { var count = 0 }

  let initialState = State()
  let store = ReactorStore<TallyReactor>()
  let steps = PublishRelay<Step>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add:
      let next = currentState.count + 1
      return .run { send in await send(.setCount(next)) }
    case .open:
      steps.accept(TallyStep.opened(currentState.count))
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setCount(let count): return State(count: count)
    }
  }
}

final class TallyScreen: Screen, ExplorableScreen {
  let reactor: TallyReactor

  init(reactor: TallyReactor) {
    self.reactor = reactor
    super.init(title: "Tally")
  }

  var userActions: [UserAction] {
    let reactor = self.reactor
    return [UserAction("Add") { reactor.send(.add) }, UserAction("Open") { reactor.send(.open) }]
  }
}

final class TallyFlow: Flow {
  let navigation = NavigationStack(title: "Tally")
  var root: Presentable { navigation }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? TallyStep {
    case .start:
      let reactor = TallyReactor()
      let screen = TallyScreen(reactor: reactor)
      navigation.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .opened(let count):
      navigation.pushViewController(Screen(title: "\(count)"))
      return .none
    case nil:
      return .none
    }
  }
}

@MainActor
func tally() -> Exploration {
  var exploration = Exploration { run in
    let flow = TallyFlow()
    run.window.rootViewController = flow.navigation
    run.start(flow, with: OneStepper(withSingleStep: TallyStep.start))
  }
  exploration.state = { $0.render() }
  exploration.progress = .never
  return exploration
}

let header = JournalHeader(app: "Tally", build: "1")

/// Writes `line` to standard output at once (the program ends with `exit`).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

@MainActor
func read(_ path: String) -> Journal {
  do {
    return try JournalReader(expectedApp: "Tally").read(contentsOf: URL(fileURLWithPath: path)).journal
  } catch {
    FileHandle.standardError.write(Data("JournalWorkloads: \(error)\n".utf8))
    exit(1)
  }
}

/// Records `count` entries (an action and its mutation, by turns) into `recorder`, calling
/// `written` after each 10.
func record(_ count: Int, into recorder: JournalRecorder, written: () throws -> Void) rethrows {
  let source = JournalSource.app.appending("TallyFlow").appending("TallyReactor")
  for number in 0..<count {
    if number % 2 == 0 {
      recorder.recordAction(TallyReactor.Action.add, from: source)
    } else {
      recorder.recordMutation(TallyReactor.Mutation.setCount(number), from: source)
    }
    if number % 10 == 9 { try written() }
  }
  try written()
}

@MainActor
func main() async throws {
  let arguments = CommandLine.arguments
  guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: JournalWorkloads <workload> [entries] <file>\n".utf8))
    exit(2)
  }
  let workload = arguments[1]
  let path = arguments[arguments.count - 1]
  let url = URL(fileURLWithPath: path)
  let count = arguments.count >= 4 ? Int(arguments[2]) ?? 0 : 0
  switch workload {
  case "make":
    let exploration = tally()
    let round: [ExplorationInput] = [.action("Add"), .action("Add"), .action("Open"), .back]
    // A round records about 19 entries: a few more rounds than needed, then cut at a checkpoint.
    let journal = await exploration.record(
      Array(repeating: round, count: max(1, count / 15)).flatMap { $0 })
    let entries = journal.entries
    var end = min(count, entries.count)
    while end < entries.count, entries[end].event.kind == .stateSnapshot { end += 1 }
    if let tree = entries[..<end].lastIndex(where: { $0.event.kind == .renderedTree }) {
      end = tree + 1
      while end < entries.count, entries[end].event.kind == .stateSnapshot { end += 1 }
    }
    try Journal(entries: Array(entries[..<end])).write(to: url, header: header)
    say("made \(end) entries")
  case "read":
    say("read \(read(path).count) entries")
  case "replay":
    let journal = read(path)
    let replay = await tally().replay(journal, steps: [TallyStep.self])
    say("replayed \(journal.count) entries: \(replay.divergence?.description ?? "faithful")")
  case "restore":
    let journal = read(path)
    let restoration = await tally().restore(from: journal, steps: [TallyStep.self])
    let outcome = restoration.problem?.description ?? "\(restoration.fedCount) inputs fed"
    say("restored \(journal.count) entries: \(outcome)")
  case "append":
    let recorder = JournalRecorder()
    let writer = try JournalFileWriter(url: url, header: header)
    try record(count, into: recorder) { try writer.append(from: recorder) }
    try writer.finish()
    say("appended \(writer.count) entries")
  case "rewrite":
    let recorder = JournalRecorder()
    try record(count, into: recorder) { try recorder.journal.write(to: url, header: header) }
    say("rewrote \(count) entries")
  default:
    FileHandle.standardError.write(Data("JournalWorkloads: unknown workload \(workload)\n".utf8))
    exit(2)
  }
}

try await main()
// Ends here, not by returning from the top level: callgrind stops on libdispatch's signal thread
// when the process ends the usual way.
exit(0)
