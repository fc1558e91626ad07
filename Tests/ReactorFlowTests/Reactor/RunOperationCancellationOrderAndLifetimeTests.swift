import Foundation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A request whose mutation carries a non-`Sendable` ``Payload``: `.run` may send it (its
/// operation runs on the main actor), and the request is cancellable, the last one winning.
final class LatestPayloadReactor: Reactor {
  enum Action {
    case load(Int, Gate)
    case cancel
  }
  enum Mutation { case loaded(Payload) }
  struct State { var values: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<LatestPayloadReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let value, let gate):
      return .run { send in
        try await gate.wait()
        await send(.loaded(Payload(value)))
      }
      .cancellable(id: "load", cancelInFlight: true)
    case .cancel:
      return .cancel(id: "load")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .loaded(let payload): newState.values.append(payload.value)
    }
    return newState
  }
}

/// An operation that reads the reactor's state, then waits for `gate`: with `self` captured
/// strongly or weakly. `ended` opens when the operation returns.
final class WaitingReactor: Reactor {
  enum Action {
    case waitHoldingSelf(Gate, ended: Gate)
    case waitWeakly(Gate, ended: Gate)
  }
  typealias Mutation = String
  struct State { var log: [String] = [] }

  let initialState = State()
  let store = ReactorStore<WaitingReactor>()

  func mutate(action: Action) -> Effect<String> {
    switch action {
    case .waitHoldingSelf(let gate, let ended):
      return .run { send in
        defer { ended.open() }
        let before = self.currentState.log.count
        try await gate.wait()
        await send("opened after \(before)")
      }
    case .waitWeakly(let gate, let ended):
      return .run { [weak self] send in
        defer { ended.open() }
        let before = self?.currentState.log.count ?? -1
        try await gate.wait()
        await send("opened after \(before)")
      }
    }
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }
}

/// A request under the id "request" that cancels the one in flight: `name` once `gate` opens
/// (at once without one), then "`name` tail", then "`name` done" after the operation.
func latestRequest(_ name: String, _ gate: Gate?) -> Effect<String> {
  .concat(
    .run { send in
      try await gate?.wait()
      await send(name)
      await send("\(name) tail")
    },
    .just("\(name) done")
  ).cancellable(id: "request", cancelInFlight: true)
}

/// Wraps a relay and records, on each `next()`, whether it ran on the main actor.
struct WhereIteratedSequence: AsyncSequence, Sendable {
  let base: PublishRelay<String>
  let onNext: @Sendable (_ onMainActor: Bool) -> Void

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: RelayIterator<String>
    let onNext: @Sendable (Bool) -> Void
    mutating func next() async -> String? {
      onNext(isOnMainActor())
      return await base.next()
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), onNext: onNext)
  }
}

/// A `.run` operation starts on the main actor: what that could break — cancellation by id, the
/// order of its sends, its reactor's lifetime. Two were defects, fixed: `cancellable(id:)` required `Sendable` elements
/// (the first test did not compile), and a send from a task the operation started was reduced
/// after the operation was cancelled.
@MainActor
@Suite("Reactor: a .run operation on the main actor — cancellation, order and lifetime", .checksLeaks)
struct RunOperationCancellationOrderAndLifetimeTests {
  @Test("a non-Sendable mutation from .run: the request is cancellable by id, the last one wins")
  func nonSendableMutationCancellable() async {
    let reactor = LatestPayloadReactor()
    let first = Gate()
    let second = Gate()
    let third = Gate()
    reactor.send(.load(1, first))
    reactor.send(.load(2, second))
    first.open()
    second.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.values == [2])
    reactor.send(.load(3, third))
    reactor.send(.cancel)
    third.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.values == [2])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("an action an observer sends while an operation's element is reduced is handled before send returns")
  func reentrantActionBeforeSendReturns() async {
    let reactor = ScriptedReactor()
    let seen = IsolationLog()
    let subscription = reactor.observe(\.log) { [weak reactor] log in
      if log.last == "a" { reactor?.send(.record("x")) }
    }
    defer { subscription.dispose() }
    reactor.send(
      .run {
        .concat(
          .run { [weak reactor] send in
            await send("a")
            seen.entries = reactor?.currentState.log ?? []
            await send("b")
          },
          .just("c"))
      })
    await reactor.store.waitUntilIdle()
    #expect(seen.entries == ["a", "x"])
    #expect(reactor.currentState.log == ["a", "x", "b", "c"])
  }

  @Test("an operation cancelled by what its own send triggers: its later sends and parts are dropped")
  func cancelledByItsOwnSend() async {
    let reactor = ScriptedReactor()
    let subscription = reactor.observe(\.log) { [weak reactor] log in
      if log.last == "a" { reactor?.send(.run { .cancel(id: "x") }) }
    }
    defer { subscription.dispose() }
    reactor.send(
      .run {
        .concat(
          .concat(
            .run { send in
              await send("a")
              await send("b")  // the cancel ran inside the send of "a": dropped
            },
            .just("inside")
          ).cancellable(id: "x"),
          .just("after"))
      })
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["a", "after"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("cancelInFlight started by an operation's last element: the rest of that request is dropped")
  func cancelInFlightRacingTheEnd() async {
    let reactor = ScriptedReactor()
    let second = Gate()
    let subscription = reactor.observe(\.log) { [weak reactor] log in
      if log.last == "1" { reactor?.send(.run { latestRequest("2", second) }) }
    }
    defer { subscription.dispose() }
    reactor.send(.run { latestRequest("1", nil) })
    await expectEventually { reactor.currentState.log == ["1"] && reactor.store.tasksInFlight == 1 }
    second.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["1", "2", "2 tail", "2 done"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("an operation cancelled before its task ran: its body runs, cancelled, and sends nothing")
  func cancelledBeforeItsTaskRan() async {
    // Its body still runs (as Swift runs a cancelled task), so that clean-up in it — the demo
    // app's activity count — happens; what it sends is dropped.
    let reactor = ScriptedReactor()
    let log = IsolationLog()
    reactor.send(
      .run {
        Effect<String>.run { send in
          log.entries.append("ran, cancelled: \(Task.isCancelled)")
          await send("sent")
        }
        .cancellable(id: "x")
      })
    reactor.send(.run { .cancel(id: "x") })
    #expect(reactor.store.tasksInFlight == 0)
    await reactor.store.waitUntilIdle()
    #expect(log.entries == ["ran, cancelled: true"])
    #expect(reactor.currentState.log == [])
  }

  @Test("a send from a task the operation started is dropped once the operation is cancelled")
  func sendFromAnotherTaskAfterCancel() async throws {
    let reactor = ScriptedReactor()
    let late = Gate()
    let forever = Gate()
    let delivered = Gate()
    reactor.send(
      .run {
        Effect<String>.run { send in
          // An unstructured task is not cancelled with the operation: only `send` can tell.
          Task {
            try? await late.wait()
            await send("late")
            delivered.open()
          }
          await send("started")
          try await forever.wait()
        }
        .cancellable(id: "x")
      })
    await expectEventually { reactor.currentState.log == ["started"] }
    reactor.send(.run { .cancel(id: "x") })
    await reactor.store.waitUntilIdle()
    late.open()
    try await delivered.wait()
    // "Once the operation is cancelled its elements are discarded" — whichever task sends them.
    #expect(reactor.currentState.log == ["started"])
  }

  @Test("an operation holding self keeps its reactor until it ends; a weak one lets it go at once")
  func releasedWhileAnOperationWaits() async throws {
    let gate = Gate()
    let ended = Gate()
    weak var held: WaitingReactor?
    do {
      let reactor = WaitingReactor()
      reactor.send(.waitHoldingSelf(gate, ended: ended))
      held = reactor
    }
    // The operation holds the reactor, and only the reactor's release would cancel it.
    #expect(held != nil)
    gate.open()
    try await ended.wait()
    await expectEventually("the reactor is released once its operation ended") { held == nil }

    let weakGate = Gate()
    let weakEnded = Gate()
    weak var released: WaitingReactor?
    do {
      let reactor = WaitingReactor()
      reactor.send(.waitWeakly(weakGate, ended: weakEnded))
      released = reactor
    }
    // Released at once: its operation is cancelled (its wait throws) and sends nothing.
    #expect(released == nil)
    try await weakEnded.wait()
  }

  @Test("ReactorTester receives a non-Sendable mutation an operation sends")
  func testerReceivesNonSendableMutation() async {
    let tester = ReactorTester(LatestPayloadReactor())
    let gate = Gate()
    tester.send(.load(7, gate))
    gate.open()
    await tester.receive { $0.values = [7] }
    await tester.finish()
  }

  @Test("an operation's send never runs inside another reactor's send, even one that started it")
  func operationSendNotNestedInAnotherSend() async {
    let starter = ScriptedReactor()
    let worker = ScriptedReactor()
    let starterWasDispatching = LockedState<[Bool]>([])
    let watch = worker.observe(\.log) { [weak starter] log in
      guard !log.isEmpty, let starter else { return }
      starterWasDispatching.withLock { $0.append(starter.store.hot.value.queue.isDispatching) }
    }
    defer { watch.dispose() }
    let start = starter.observe(\.log) { [weak starter, weak worker] log in
      guard log.last == "go" else { return }
      // Inside the starter's send: start the worker's operation, then queue more work here.
      worker?.send(.run { .run { send in await send("worked") } })
      starter?.send(.record("after go"))
    }
    defer { start.dispose() }
    starter.send(.record("go"))
    #expect(starter.currentState.log == ["go", "after go"])
    await worker.store.waitUntilIdle()
    #expect(worker.currentState.log == ["worked"])
    #expect(starterWasDispatching.withLock { $0 } == [false])
  }

  @Test("a sequence's next() runs off the main actor; its elements are reduced on it, in order")
  func sequenceIteratedOffTheMainActor() async {
    let reactor = ScriptedReactor()
    let relay = PublishRelay<String>()
    let places = LockedState<[Bool]>([])
    let sequence = WhereIteratedSequence(base: relay) { onMain in places.withLock { $0.append(onMain) } }
    reactor.send(.run { .from(sequence).cancellable(id: "events") })
    relay.accept("1")
    reactor.send(.record("sync"))
    relay.accept("2")
    await expectEventually { reactor.currentState.log.count == 3 }
    #expect(reactor.currentState.log == ["sync", "1", "2"])
    #expect(!places.withLock { $0 }.isEmpty)
    #expect(places.withLock { $0 }.allSatisfy { !$0 })
    reactor.send(.run { .cancel(id: "events") })
    await reactor.store.waitUntilIdle()
    #expect(relay.subscriberCount == 0)
  }

  @Test("a concat of operations that end without suspending: one task each, the stack does not grow")
  func chainOfOperationsDoesNotRecurse() async {
    let reactor = ScriptedReactor()
    let depths = LockedState<[(thread: UInt, address: UInt)]>([])
    let parts = 300
    reactor.send(
      .run {
        .concat(
          (0..<parts).map { index in
            Effect<String>.run { send in
              depths.withLock { $0.append((currentThreadID(), stackAddress())) }
              await send("\(index)")
            }
          })
      })
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == (0..<parts).map { "\($0)" })
    let growth =
      Dictionary(grouping: depths.withLock { $0 }, by: \.thread).values.map { onOneThread in
        (onOneThread.first?.address ?? 0) - (onOneThread.map(\.address).min() ?? 0)
      }.max() ?? 0
    // Under the address sanitizer locals live on its fake stack (see the merge test).
    if ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] != "address" {
      #expect(growth < 64 * 1024, "the stack grew by \(growth) bytes over \(parts) operations")
    }
  }
}
