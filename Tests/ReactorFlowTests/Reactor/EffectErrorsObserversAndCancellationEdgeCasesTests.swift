import Foundation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// An operation that, like `URLSession` (`URLError(.cancelled)`), reports its own cancellation
/// with an error of its own instead of `CancellationError`: it sends "started", waits for `gate`
/// and, if its wait is cancelled, throws `LoadError`.
func throwsItsOwnErrorWhenCancelled(_ gate: Gate) -> Effect<String> {
  .run { send in
    await send("started")
    do {
      try await gate.wait()
    } catch {
      throw LoadError()
    }
    await send("done")
  }
}

/// Wraps a relay and says when its iteration ends (the task iterating it was cancelled).
struct EndReportingSequence: AsyncSequence, Sendable {
  let base: PublishRelay<String>
  let onEnd: @Sendable () -> Void

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: RelayIterator<String>
    let onEnd: @Sendable () -> Void
    mutating func next() async -> String? {
      guard let element = await base.next() else {
        onEnd()
        return nil
      }
      return element
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), onEnd: onEnd)
  }
}

/// A reactor that merges a global event stream in `transform(mutation:)`, next to another
/// long-lived part that fails once `failure` opens.
final class GlobalEventsReactor: Reactor {
  typealias Action = String
  typealias Mutation = String
  struct State: Sendable {
    var log: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<GlobalEventsReactor>()
  let events: EndReportingSequence
  let failure: Gate

  init(events: EndReportingSequence, failure: Gate) {
    self.events = events
    self.failure = failure
  }

  func mutate(action: String) -> Effect<String> { .just(action) }

  func transform(mutation: Effect<String>) -> Effect<String> {
    .merge(
      mutation,
      .from(events),
      .run { [failure] _ in
        try await failure.wait()
        throw LoadError()
      })
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }

  func recover(from error: any Error) -> Effect<String> { .none }
}

@MainActor
@Suite("Effects, errors and observers: edge cases", .checksLeaks)
struct EffectErrorAndObserverEdgeCaseTests {
  // MARK: - Finding 1: a cancelled operation's error is reported and recovered from

  @Test(
    "an operation cancelled by id that throws an error of its own reports no error",
    .timeLimit(.minutes(5)))
  func cancelledOperationErrorIsNotReported() async {
    let reactor = ScriptedReactor()
    reactor.recovery = .just("status:failed")
    let errors = LockedState(0)
    let subscription = reactor.errors.subscribe { _ in errors.withLock { $0 += 1 } }
    defer { subscription.dispose() }
    let gate = Gate()
    reactor.send(.run { throwsItsOwnErrorWhenCancelled(gate).cancellable(id: "request") })
    for await state in reactor.state where state.log == ["started"] { break }

    reactor.send(.run { .cancel(id: "request") })
    await reactor.store.waitUntilIdle()

    // "Once the operation is cancelled … a cancelled request never overwrites a newer one":
    // the cancelled request's error must not reach `errors` nor `recover(from:)`.
    #expect(errors.withLock { $0 } == 0)
    #expect(reactor.currentState.status == "idle")
    #expect(reactor.currentState.log == ["started"])
  }

  @Test(
    "cancelInFlight: the request cancelled by a newer one does not overwrite it through recover(from:)",
    .timeLimit(.minutes(5)))
  func cancelInFlightLoserDoesNotRecover() async {
    let reactor = ScriptedReactor()
    reactor.recovery = .just("status:failed")
    let older = Gate()
    let newer = Gate()
    reactor.send(
      .run { throwsItsOwnErrorWhenCancelled(older).cancellable(id: "search", cancelInFlight: true) })
    for await state in reactor.state where state.log == ["started"] { break }
    reactor.send(
      .run {
        .concat(
          .just("status:searching"),
          throwsItsOwnErrorWhenCancelled(newer).cancellable(id: "search", cancelInFlight: true))
      })
    for await state in reactor.state where state.log.filter({ $0 == "started" }).count == 2 { break }
    newer.open()
    await reactor.store.waitUntilIdle()

    // The newer request finished and must have the last word.
    #expect(reactor.currentState.status == "searching")
    #expect(!reactor.currentState.log.contains("status:failed"))
  }

  @Test("a run cancelled with its owner finishes without a failure, not with the cancelled operation's error")
  func cancelledRunFinishesWithoutFailure() async {
    let gate = Gate()
    let started = Gate()
    // The registry of a flow's adaptations (or of a reactor), closed when its owner ends.
    let tasks = TaskRegistryLock(TaskRegistry())
    let owner = FailureCollectingOwner()
    var finishes: [String] = []
    let runner = EffectRunner<String>(tasks: tasks, owner: owner) { _, _ in }
    runner.run(
      .run { _ in
        started.open()
        do { try await gate.wait() } catch { throw LoadError() }
      }, asOutputOf: nil
    ) { failure in finishes.append(failure.map { "\($0)" } ?? "no failure") }
    try? await started.wait()
    tasks.release()
    await tasks.wait(untilAtMost: 0)
    // The flow coordinator reported "adapt(step:) failed with LoadError()" for an adaptation
    // that was only cancelled.
    #expect(owner.failures.isEmpty)
    #expect(finishes == ["no failure"])
  }

  // MARK: - Finding 2: disposing a replaced mutation observer removes its replacement

  @Test("observeMutations: disposing the replaced handler's subscription keeps the current handler")
  func staleMutationObserverDisposal() {
    let reactor = ScriptedReactor()
    var first: [String] = []
    var second: [String] = []
    let replaced = reactor.store.observeMutations { first.append($0) }
    let current = reactor.store.observeMutations { second.append($0) }
    // E.g. a `ReactorTester` released after a new one was made for the same reactor.
    replaced.dispose()
    reactor.send(.record("a"))
    current.dispose()
    #expect(first == [])
    #expect(second == ["a"])
  }

  // MARK: - Finding 3: every `state` iterator leaves a finisher behind for the reactor's life

  @Test("reactor.state: iterators that ended leave nothing behind in the store")
  func stateIteratorsDoNotAccumulate() async {
    let reactor = ScriptedReactor()
    for round in 0..<20 {
      reactor.send(.record("\(round)"))
      for await state in reactor.state where state.log.count == round + 1 { break }
    }
    #expect(reactor.store.observerCount == 0)
    // Each ended iterator still holds its AsyncStream continuation in `finishers` until the
    // reactor is released: a long-lived reactor observed by `.task { for await … }` grows.
    #expect(reactor.store.tasks.withLock { $0.finishers.count } == 0)
  }

  // MARK: - Finding 4: an error in one transform stream ends the reactor's global events

  @Test(
    "an error in one long-lived transform stream leaves the merged global events running",
    .timeLimit(.minutes(5)))
  func transformErrorKeepsGlobalEvents() async {
    let relay = PublishRelay<String>()
    let (outcomes, outcome) = AsyncStream.makeStream(of: String.self)
    let failure = Gate()
    let reactor = GlobalEventsReactor(
      events: EndReportingSequence(base: relay, onEnd: { outcome.yield("global events ended") }),
      failure: failure)
    var errors = reactor.errors.makeAsyncIterator()
    let watch = reactor.observeState { state in
      if state.log.last == "late" { outcome.yield("late event reduced") }
    }
    defer { watch.dispose() }
    relay.accept("early")
    for await state in reactor.state where state.log == ["early"] { break }

    failure.open()
    #expect(await errors.next() is LoadError)
    relay.accept("late")

    var iterator = outcomes.makeAsyncIterator()
    // "Errors never kill a reactor"; "the merged subscriptions end with the reactor".
    #expect(await iterator.next() == "late event reduced")
  }
}

/// The address of a local of a frame called from here: how deep the stack is right now.
@inline(never)
func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// The thread a stack address was taken on: addresses on two threads' stacks do not compare.
func currentThreadID() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}

extension EffectErrorAndObserverEdgeCaseTests {
  // MARK: - Finding 5: synchronous merges in a concat recurse, one stack level per merge

  @Test("a concat of synchronous merges is walked without the stack growing with each merge")
  func concatOfSynchronousMergesDoesNotRecurse() {
    let reactor = ScriptedReactor()
    let depths = LockedState<[(thread: UInt, address: UInt)]>([])
    let parts = 300
    reactor.send(
      .run {
        .concat(
          (0..<parts).map { _ in
            Effect<String>.merge(
              .deferred {
                depths.withLock { $0.append((currentThreadID(), stackAddress())) }
                return .just("a")
              })
          })
      })
    #expect(reactor.currentState.log.count == parts)
    // Compared on one thread only: the walk may go on on another thread after a hop (a busy
    // machine makes that likelier), and two threads' stacks are far apart (a CI run under the
    // address sanitizer measured 876,544 bytes between them).
    let samples = depths.withLock { $0 }
    let growth =
      Dictionary(grouping: samples, by: \.thread).values.map { onOneThread in
        (onOneThread.first?.address ?? 0) - (onOneThread.map(\.address).min() ?? 0)
      }.max() ?? 0
    // Each merge that ends synchronously continues its parent by a nested `proceed` call (and
    // copies the parent's remaining frames): about 3 KB of stack per merge in a debug build, a
    // crash (SIGSEGV) at 3,000 merges on an 8 MB main thread — iOS's main thread has 1 MB.
    // Under the address sanitizer a local's address is on the sanitizer's fake stack (its
    // use-after-return detection), not the thread's: two CI runs measured 876,544 and 961,664
    // bytes on one thread. `.ci/run` says so with REACTORFLOW_SANITIZER=address; the debug and
    // thread-sanitizer runs measure it.
    if ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] != "address" {
      #expect(growth < 64 * 1024, "the stack grew by \(growth) bytes over \(parts) merges")
    }
  }
}

/// Cancellation and release at the edges: a cancel in the turn an operation ends, a sequence
/// cancelled before it ran, a reactor released mid-concat, errors in several merge branches.
@MainActor
@Suite("Effects: cancellation and release edge cases", .checksLeaks)
struct EffectCancellationAndReleaseEdgeCaseTests {
  @Test("a cancel(id:) in the main-actor turn where the operation ends skips the parts after it")
  func cancelRacingTheContinuation() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(.run { .concat(.run { _ in try await gate.wait() }, .just("after")).cancellable(id: "x") })
    // The operation ends in its task's own main-actor turn, after this one: the cancel comes first.
    gate.open()
    reactor.send(.run { .cancel(id: "x") })
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == [])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("a sequence cancelled before its task ran ends its subscription")
  func sequenceCancelledBeforeStart() async {
    let reactor = ScriptedReactor()
    let relay = PublishRelay<String>()
    reactor.send(.run { .from(relay).cancellable(id: "events") })
    #expect(relay.subscriberCount == 1)
    reactor.send(.run { .cancel(id: "events") })
    await reactor.store.waitUntilIdle()
    #expect(relay.subscriberCount == 0)
  }

  @Test("a reactor released while a concat waits: the task ends, the later part never runs")
  func releasedMidConcat() async {
    let gate = Gate()
    let relay = PublishRelay<String>()
    weak var released: ScriptedReactor?
    do {
      let reactor = ScriptedReactor()
      reactor.send(.run { .concat(gated("a", gate), .just("after"), .from(relay)) })
      released = reactor
    }
    #expect(released == nil)
    gate.open()
    #expect(relay.subscriberCount == 0)
  }

  @Test("errors in several branches of a merge: one report, nothing left in flight")
  func severalErrorsInAMerge() async {
    let reactor = ScriptedReactor()
    let errors = LockedState(0)
    let subscription = reactor.errors.subscribe { _ in errors.withLock { $0 += 1 } }
    defer { subscription.dispose() }
    let gate = Gate()
    reactor.send(
      .run {
        .concat(
          .merge(
            .run { _ in throw LoadError() }, .run { _ in throw LoadError() },
            gated("sibling", gate)),
          .just("after"))
      })
    await reactor.store.waitUntilIdle()
    gate.open()
    #expect(errors.withLock { $0 } == 1)
    #expect(reactor.currentState.log == [])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("the last operation of a run (no hop back) that fails after its reactor is gone reports nothing")
  func fastPathFailureAfterRelease() async {
    let gate = Gate()
    let ended = Gate()
    weak var released: ScriptedReactor?
    do {
      let reactor = ScriptedReactor()
      reactor.send(
        .run {
          .run { _ in
            defer { ended.open() }
            do { try await gate.wait() } catch { throw LoadError() }
          }
        })
      released = reactor
    }
    #expect(released == nil)
    try? await ended.wait()
  }
}

/// An effect runner's owner that runs everything it is given and keeps the failures.
@MainActor
private final class FailureCollectingOwner: EffectOwner {
  var failures: [String] = []

  func enter(_ body: () -> Void) { body() }
  func fail(_ error: any Error, run: Int?) { failures.append("\(error)") }
  func numberRun() -> Int? { nil }
  var substitutesEffects: Bool { false }
  nonisolated static var effectOwnerName: String { "A test" }
}
