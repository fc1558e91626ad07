import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

struct FeedFailed: Error {}

/// A feed whose `transform(mutation:)` maps `mutate`'s mutations and merges in a live feed that
/// fails; `recover(from:)` marks the feed offline, at once or from an operation.
final class FailingFeedReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case rename(String) }
  enum Mutation: Equatable, Codable, Sendable {
    case setName(String)
    case wentOffline
  }
  struct State: Equatable, Codable {
    var name = ""
    var offlineCount = 0
  }

  let initialState = State()
  let store = ReactorStore<FailingFeedReactor>()
  let recoversAsynchronously: Bool

  init(recoversAsynchronously: Bool) { self.recoversAsynchronously = recoversAsynchronously }

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
    recoversAsynchronously ? .run { send in await send(.wentOffline) } : .just(.wentOffline)
  }
}

@Suite("What recover makes of a transform(mutation:) stream's error is recorded once", .checksLeaks)
@MainActor
struct ARecoveryFromATransformStreamIsRecordedOnceTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test(
    "the recovery's mutation is one effect output, reduced once, and the replay reaches the same state",
    arguments: [false, true])
  func recoveryRecordedOnce(recoversAsynchronously: Bool) async {
    let source = JournalSource.app.appending("FeedScreen").appending("FailingFeedReactor")
    let recorder = JournalRecorder()
    let reactor = FailingFeedReactor(recoversAsynchronously: recoversAsynchronously)
    reactor.record(into: recorder, as: source)
    let (mutations, continuation) = AsyncStream.makeStream(of: FailingFeedReactor.Mutation.self)
    let subscription = reactor.store.observeMutations { continuation.yield($0) }
    reactor.send(.rename("ada"))
    for await mutation in mutations where mutation == .wentOffline { break }
    subscription.dispose()
    #expect(reactor.currentState == .init(name: "ada", offlineCount: 1))
    let journal = recorder.journal
    // At once, it is the failed stream's output (the streams are effect 0); from an operation,
    // the output of the recovery's own effect.
    #expect(effectOutputs(journal) == ["effect \(recoversAsynchronously ? 1 : 0): wentOffline"])
    #expect(
      journal.entries.filter { $0.event.kind == .mutation }.map { JournalTracer.text(of: $0.event) } == [
        #"setName("ada")"#, "wentOffline",
      ])

    let replay = await Exploration.screen(source) {
      FailingFeedReactor(recoversAsynchronously: recoversAsynchronously)
    }
    .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
  }
}
