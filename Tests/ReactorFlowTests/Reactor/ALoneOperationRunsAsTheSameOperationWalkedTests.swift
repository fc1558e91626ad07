import Foundation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

struct LoneOperationFailed: Error {}

/// A request whose `mutate` returns its operation alone — started without a walk, in a run of
/// its own — or, when `walked`, as the one part of a `concat`, which the runner walks: the two
/// must run alike.
final class LoneOrWalkedReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case load(Int)
    case fail
    case hold
  }
  enum Mutation: Equatable, Codable, Sendable {
    case loaded(Int)
    case recovered
  }
  struct State: Equatable, Codable { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<LoneOrWalkedReactor>()
  let walked: Bool
  /// What `.hold`'s operation waits for; `ended` opens as it returns or throws.
  let gate = Gate()
  let ended = Gate()

  init(walked: Bool) {
    self.walked = walked
  }

  func mutate(action: Action) -> Effect<Mutation> {
    let operation: Effect<Mutation>
    switch action {
    case .load(let n):
      operation = .run { send in
        await send(.loaded(n))
        await send(.loaded(n + 1))
      }
    case .fail:
      operation = .run { send in
        await send(.loaded(0))
        throw LoneOperationFailed()
      }
    case .hold:
      let (gate, ended) = (self.gate, self.ended)
      operation = .run { send in
        defer { ended.open() }
        try await gate.wait()
        await send(.loaded(-1))
      }
    }
    return walked ? .concat(operation) : operation
  }

  func recover(from error: any Error) -> Effect<Mutation> { .just(.recovered) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.log.append("\(mutation)")
    return state
  }
}

@Suite("A lone operation runs as the same operation walked", .checksLeaks)
@MainActor
struct ALoneOperationRunsAsTheSameOperationWalkedTests {
  @Test(
    "its mutations are reduced in order, each recorded as its own run's output, and a failure is recovered once",
    arguments: [false, true])
  func outputsAndFailure(walked: Bool) async {
    let recorder = JournalRecorder()
    let reactor = LoneOrWalkedReactor(walked: walked)
    reactor.record(into: recorder, as: JournalSource.app.appending("LoneOrWalkedReactor"))
    reactor.send(.load(1))
    await reactor.store.waitUntilIdle()
    reactor.send(.load(10))
    await reactor.store.waitUntilIdle()
    reactor.send(.fail)
    await reactor.store.waitUntilIdle()
    #expect(
      reactor.currentState.log == [
        "loaded(1)", "loaded(2)", "loaded(10)", "loaded(11)", "loaded(0)", "recovered",
      ])
    let outputs = recorder.journal.entries.filter { $0.event.kind == .effectOutput }
      .map { JournalTracer.text(of: $0.event) }
    #expect(
      outputs == [
        "effect 0: loaded(1)", "effect 0: loaded(2)", "effect 1: loaded(10)", "effect 1: loaded(11)",
        "effect 2: loaded(0)", "effect 2: recovered",
      ])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test(
    "released while it waits, it is cancelled, delivers nothing and lets everything go",
    arguments: [false, true])
  func releasedWhileWaiting(walked: Bool) async throws {
    weak var released: LoneOrWalkedReactor?
    let ended: Gate
    do {
      let reactor = LoneOrWalkedReactor(walked: walked)
      reactor.send(.hold)
      #expect(reactor.store.tasksInFlight == 1)
      ended = reactor.ended
      released = reactor
    }
    #expect(released == nil)
    // Its wait throws as its task is cancelled: the operation ends without sending.
    try await ended.wait()
  }

  @Test("its end closes its run: the reactor is idle and holds no task", arguments: [false, true])
  func endsItsRun(walked: Bool) async throws {
    let reactor = LoneOrWalkedReactor(walked: walked)
    reactor.send(.hold)
    reactor.send(.load(5))
    #expect(reactor.store.tasksInFlight == 2)
    reactor.gate.open()
    try await reactor.ended.wait()
    await reactor.store.waitUntilIdle()
    #expect(reactor.store.tasksInFlight == 0)
    #expect(Set(reactor.currentState.log) == ["loaded(5)", "loaded(6)", "loaded(-1)"])
  }
}
