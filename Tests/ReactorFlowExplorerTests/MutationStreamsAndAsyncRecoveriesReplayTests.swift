import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// Counts the operations started on it.
final class StartedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  var count: Int { lock.withLock { value } }
  func increment() { lock.withLock { value += 1 } }
}

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
  let started: StartedCount

  init(started: StartedCount) { self.started = started }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    mutation.flatMapLatest { [started] m in
      guard case .query(let q) = m else { return .just(m) }
      return .concat(
        .just(m),
        .run { send in
          started.increment()
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

/// `FailingFeedReactor`'s twin whose recovery is asynchronous.
final class AsyncRecoveryFeedReactor: Reactor {
  typealias Action = FailingFeedReactor.Action
  typealias Mutation = FailingFeedReactor.Mutation
  typealias State = FailingFeedReactor.State

  let initialState = State()
  let store = ReactorStore<AsyncRecoveryFeedReactor>()

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation.map { $0 }, .run { _ in throw FeedFailed() })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .rename(let name) = action else { return .none }
    return .just(.setName(name))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setName(let name): state.name = name
    case .wentOffline: state.offlineCount += 1
    }
    return state
  }

  func recover(from error: any Error) -> Effect<Mutation> {
    .run { send in await send(.wentOffline) }
  }
}

@Suite("Mutation streams and asynchronous recoveries record once and replay", .checksLeaks)
@MainActor
struct MutationStreamsAndAsyncRecoveriesReplayTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test("a flatMapLatest in transform(mutation:) records its loads once; the replay starts none")
  func flatMapLatestInMutationStage() async {
    let source = JournalSource.app.appending("SearchScreen").appending("LatestSearchReactor")
    let recorder = JournalRecorder()
    let reactor = LatestSearchReactor(started: StartedCount())
    reactor.record(into: recorder, as: source)
    reactor.send(.search("a"))
    await reactor.store.waitUntilIdle()
    reactor.send(.search("b"))
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState == .init(query: "b", results: ["a!", "b!"]))
    let journal = recorder.journal
    #expect(effectOutputs(journal) == [#"effect 0: results("a!")"#, #"effect 0: results("b!")"#])

    let started = StartedCount()
    let replay = await Exploration.screen(source) { LatestSearchReactor(started: started) }
      .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(started.count == 0)
  }

  @Test("an asynchronous recovery from a transform(mutation:) stream's error is one output")
  func asyncRecovery() async {
    let source = JournalSource.app.appending("FeedScreen").appending("AsyncRecoveryFeedReactor")
    let recorder = JournalRecorder()
    let reactor = AsyncRecoveryFeedReactor()
    reactor.record(into: recorder, as: source)
    let (mutations, continuation) = AsyncStream.makeStream(of: FailingFeedReactor.Mutation.self)
    let subscription = reactor.store.observeMutations { continuation.yield($0) }
    reactor.send(.rename("ada"))
    for await mutation in mutations where mutation == .wentOffline { break }
    subscription.dispose()
    let journal = recorder.journal
    #expect(effectOutputs(journal).count == 1)
    let replay = await Exploration.screen(source) { AsyncRecoveryFeedReactor() }.replay(
      journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
  }
}
