import ConcurrencyExtras
import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A search whose `transform(mutation:)` loads the results of each query, the latest only.
final class LatestSearchReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case search(String) }
  enum Mutation: Equatable, Codable, Sendable {
    case query(String)
    case results(String)
  }
  struct State: Equatable, Codable {
    var query = ""
    var results: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<LatestSearchReactor>()
  /// Counts the loads started.
  let started: LockIsolated<Int>

  init(started: LockIsolated<Int>) { self.started = started }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    mutation.flatMapLatest { [started] m in
      guard case .query(let q) = m else { return .just(m) }
      return .concat(
        .just(m),
        .run { send in
          started.withValue { $0 += 1 }
          await send(.results(q + "!"))
        })
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .search(let q) = action else { return .none }
    return .just(.query(q))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .query(let q): state.query = q
    case .results(let r): state.results.append(r)
    }
    return state
  }
}

@Suite("A flatMapLatest in transform(mutation:) records its loads once and replays", .checksLeaks)
@MainActor
struct AFlatMapLatestMutationStreamRecordsItsLoadsOnceTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test("a flatMapLatest in transform(mutation:) records its loads once; the replay starts none")
  func flatMapLatestInMutationStage() async {
    let source = JournalSource.app.appending("SearchScreen").appending("LatestSearchReactor")
    let recorder = JournalRecorder()
    let reactor = LatestSearchReactor(started: LockIsolated(0))
    reactor.record(into: recorder, as: source)
    reactor.send(.search("a"))
    await reactor.store.waitUntilIdle()
    reactor.send(.search("b"))
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState == .init(query: "b", results: ["a!", "b!"]))
    let journal = recorder.journal
    #expect(effectOutputs(journal) == [#"effect 0: results("a!")"#, #"effect 0: results("b!")"#])

    let started = LockIsolated(0)
    let replay = await Exploration.screen(source) { LatestSearchReactor(started: started) }
      .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(started.value == 0)
  }
}
