import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A counter whose reactor is bound to its screen, as a ReactorKit view owns its reactor, and
/// contributed to no flow.
final class TallyReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case increment }
  enum Mutation: Equatable, Codable, Sendable { case add(Int) }
  struct State: Equatable, Codable { var count = 0 }

  let initialState = State()
  let store = ReactorStore<TallyReactor>()

  func mutate(action: Action) -> Effect<Mutation> { .just(.add(1)) }
  func reduce(state: State, mutation: Mutation) -> State {
    guard case .add(let amount) = mutation else { return state }
    return State(count: state.count + amount)
  }
}

final class TallyScreen: Screen, View, ExplorableScreen {
  var disposeBag = DisposeBag()
  var reactor: TallyReactor?

  init(reactor: TallyReactor) {
    self.reactor = reactor
    super.init(title: "Tally")
    reactor.observe(\.count) { [weak self] count in self?.content = ["\(count)"] }.disposed(by: disposeBag)
  }

  func bind(reactor: TallyReactor) {}

  var userActions: [UserAction] {
    guard let reactor else { return [] }
    return [UserAction("Increment") { reactor.send(.increment) }]
  }
}

extension Exploration {
  /// The tally: its screen's reactor is recorded where it sits when the run records.
  static func tally() -> Exploration {
    var exploration = Exploration { run in
      let reactor = TallyReactor()
      if let recorder = run.recorder {
        reactor.record(
          into: recorder, as: JournalSource.app.appending("TallyScreen").appending("TallyReactor"))
      }
      run.window.rootViewController = TallyScreen(reactor: reactor)
    }
    exploration.state = { $0.render() }
    exploration.progress = .never
    return exploration
  }
}

@Suite("A reactor bound to a screen, contributed to no flow, replays from its journal", .checksLeaks)
@MainActor
struct ReplayingScreenBoundReactorsTests {
  @Test(
    "its actions are fed to the reactor the replayed screen is bound to, and the checkpoints (its state included) agree"
  )
  func replays() async throws {
    let exploration = Exploration.tally()
    let journal = await exploration.record([.action("Increment"), .action("Increment")])
    #expect(journal.entries.filter { $0.event.kind == .action }.count == 2)
    // Its state is part of each checkpoint, as a contributed reactor's is.
    #expect(
      journal.entries.filter {
        $0.event.kind == .stateSnapshot && $0.source.description == "TallyScreen/0 > TallyReactor/0"
      }.count == 3)
    // Diagnostics reach every recorder of the process: tests running beside this one report some.
    let replay = await exploration.replay(
      journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState.contains("| 2"))
    #expect(replay.fedCount == 2)
  }

  @Test("a reactor that sits nowhere in the replayed app is named, with how to make it found")
  func notFound() async throws {
    let journal = await Exploration.tally().record([.action("Increment")])
    let elsewhere = Exploration { run in run.window.rootViewController = Screen(title: "Empty") }
    let replay = await elsewhere.replay(journal, checking: [])
    #expect(replay.divergence?.reason == .cannotFeed)
    #expect(replay.divergence?.actual.contains("record it as TallyScreen/0 > TallyReactor/0") == true)
  }
}
