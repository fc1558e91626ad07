import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor whose `mutate` returns whatever effect the test hands it, recording what it reduces.
final class ScriptedReactor: Reactor {
  enum Action: Sendable {
    case run(@Sendable @MainActor () -> Effect<String>)
    case record(String)
  }
  struct State: Sendable {
    var log: [String] = []
    var status = "idle"
  }

  let initialState = State()
  let store = ReactorStore<ScriptedReactor>()
  var recovery: Effect<String> = .none

  func mutate(action: Action) -> Effect<String> {
    switch action {
    case .run(let make): return make()
    case .record(let value): return .just(value)
    }
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    if mutation.hasPrefix("status:") { newState.status = String(mutation.dropFirst(7)) }
    return newState
  }

  func recover(from error: any Error) -> Effect<String> { recovery }
}

/// An asynchronous part that sends `value` once `gate` opens; with `announce`, it first sends
/// "`value` started", so that a test can wait for it to be running.
func gated(_ value: String, _ gate: Gate, announce: Bool = false) -> Effect<String> {
  .run { send in
    if announce { await send("\(value) started") }
    try await gate.wait()
    await send(value)
  }
}

@MainActor
@Suite("Reactor: effect composition (concat, merge, deferred, ids and cancels)", .checksLeaks)
struct EffectCompositionTests {
  @Test("a .cancel(id:) after an asynchronous part of a concat runs once that part has finished")
  func cancelAfterAsyncPart() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let other = Gate()
    reactor.send(.run { gated("other", other).cancellable(id: "x") })
    reactor.send(.run { .concat(gated("first", first), .cancel(id: "x")) })
    #expect(reactor.store.tasksInFlight == 2)
    first.open()
    await reactor.store.waitUntilIdle()
    // The cancel ran after "first": "other" never arrives, nothing is left in flight.
    other.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["first"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("an identified operation after a second asynchronous part of a concat keeps its id")
  func idAfterSecondAsyncPart() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let second = Gate()
    let third = Gate()
    reactor.send(
      .run {
        .concat(gated("1", first), gated("2", second), gated("3", third, announce: true).cancellable(id: "x"))
      })
    first.open()
    second.open()
    // The third part is running (in flight under "x"): cancel it.
    for await state in reactor.state where state.log.last == "3 started" { break }
    reactor.send(.run { .cancel(id: "x") })
    #expect(reactor.store.tasksInFlight == 0)
    third.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["1", "2", "3 started"])
  }

  @Test("an identified operation inside a merge after a synchronous part keeps its id")
  func idInsideMergeAfterSyncPart() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(
      .run { .concat(.just("sync"), .merge(gated("async", gate).cancellable(id: "x"), .just("m"))) })
    #expect(reactor.currentState.log == ["sync", "m"])
    #expect(reactor.store.tasksInFlight == 1)
    reactor.send(.run { .cancel(id: "x") })
    #expect(reactor.store.tasksInFlight == 0)
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["sync", "m"])
  }

  @Test("a concat waits for a .deferred part that turns out asynchronous")
  func deferredAsyncPartIsWaitedFor() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(.run { .concat(.deferred { gated("first", gate) }, .just("second")) })
    #expect(reactor.currentState.log == [])
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["first", "second"])
  }

  @Test("cancellable(id:) around concat(.just(loading), request) reduces the head synchronously")
  func cancellableKeepsSyncHead() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(.run { .concat(.just("status:loading"), gated("status:done", gate)).cancellable(id: "req") })
    #expect(reactor.currentState.status == "loading")
    reactor.send(.run { .cancel(id: "req") })
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["status:loading"])
  }

  @Test("cancelling a scope skips its parts not yet started; the concat after it goes on")
  func cancelledScopeSkipsRestButNotWhatFollows() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let after = Gate()
    reactor.send(
      .run {
        .concat(.concat(gated("a", gate), .just("b")).cancellable(id: "x"), gated("c", after, announce: true))
      })
    reactor.send(.run { .cancel(id: "x") })
    // The cancelled part ended; "c" is the part after it and runs.
    for await state in reactor.state where state.log.last == "c started" { break }
    after.open()
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["c started", "c"])
  }

  @Test("an error ends every branch of its effect; mutations before it are kept")
  func errorEndsTheWholeEffect() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    var errors = reactor.errors.makeAsyncIterator()
    reactor.send(
      .run {
        .merge(
          .concat(
            .run { send in
              await send("before"); throw LoadError()
            }, .just("never")),
          gated("sibling", gate))
      })
    #expect(await errors.next() as? LoadError == LoadError())
    await reactor.store.waitUntilIdle()
    gate.open()
    #expect(reactor.currentState.log == ["before"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("what follows a merge waits for every branch of it")
  func mergeThenConcat() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let second = Gate()
    reactor.send(.run { .concat(.merge(gated("1", first), gated("2", second)), .just("after")) })
    second.open()
    for await state in reactor.state where state.log == ["2"] { break }
    first.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["2", "1", "after"])
  }

  @Test("mutations from recover(from:) are reduced inside the re-entrancy guard")
  func recoveryIsNotReentrant() async {
    let reactor = ScriptedReactor()
    reactor.recovery = .just("status:failed")
    var seen: [String] = []
    let bag = DisposeBag()
    reactor.observe(\.status) { status in
      if status == "failed" { reactor.send(.record("status:acked")) }
    }
    .disposed(by: bag)
    reactor.observe(\.status) { seen.append($0) }.disposed(by: bag)
    reactor.send(.run { .run { _ in throw LoadError() } })
    await reactor.store.waitUntilIdle()
    #expect(seen == ["idle", "failed", "acked"])
  }
}
