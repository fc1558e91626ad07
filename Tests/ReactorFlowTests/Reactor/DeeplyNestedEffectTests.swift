import Foundation
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A reactor that counts the integers it reduces and checks that they arrive in increasing order
/// (its state stays small however many mutations a test sends).
final class TallyReactor: Reactor {
  enum Action: Sendable {
    case run(@Sendable @MainActor () -> Effect<Int>)
  }
  struct State: Sendable {
    var count = 0
    var last = -1
    var isIncreasing = true
  }

  let initialState = State()
  let store = ReactorStore<TallyReactor>()

  func mutate(action: Action) -> Effect<Int> {
    switch action {
    case .run(let make): return make()
    }
  }

  func reduce(state: State, mutation: Int) -> State {
    var newState = state
    newState.count += 1
    newState.isIncreasing = state.isIncreasing && mutation > state.last
    newState.last = mutation
    return newState
  }
}

/// Under a sanitizer (`REACTORFLOW_SANITIZER`, set by CI) each step costs about ten times as
/// much and every test shares one main actor: the heaviest tests run a smaller sample there, so
/// that the suite stays within its time limits. The normal run keeps the full sizes.
let isUnderSanitizer = ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] != nil

/// How deep the trees of these tests are: far beyond what one stack frame per level would
/// survive (the main thread's stack is 1 MB on iOS, 512 KB on a secondary thread). Under a
/// sanitizer, 2,000 levels: there the run checks memory and races, and the normal run shows that
/// nothing recurses.
let deepTreeDepth = isUnderSanitizer ? 2_000 : 100_000

/// `.merge` folded left over `0..<depth` (`items.reduce(.none) { .merge($0, load($1)) }`):
/// the first element sits at the bottom of the tree. Built without recursion.
@MainActor
func leftFoldedMerge(_ depth: Int, first: Effect<Int> = .none) -> Effect<Int> {
  var effect = first
  for value in 0..<depth { effect = .merge(effect, .just(value)) }
  return effect
}

/// `.merge` folded right over `0..<depth`: the last element sits at the bottom of the tree.
@MainActor
func rightFoldedMerge(_ depth: Int, last: Effect<Int> = .none) -> Effect<Int> {
  var effect = last
  for value in (0..<depth).reversed() { effect = .merge(.just(value), effect) }
  return effect
}

/// `.concat` folded left over `0..<depth`.
@MainActor
func leftFoldedConcat(_ depth: Int, first: Effect<Int> = .none) -> Effect<Int> {
  var effect = first
  for value in 0..<depth { effect = .concat(effect, .just(value)) }
  return effect
}

/// `.merge` and `.concat` alternating level by level, folded left over `0..<depth`.
@MainActor
func alternatingFold(_ depth: Int, first: Effect<Int> = .none) -> Effect<Int> {
  var effect = first
  for value in 0..<depth {
    effect = value.isMultiple(of: 2) ? .merge(effect, .just(value)) : .concat(effect, .just(value))
  }
  return effect
}

/// An asynchronous part that sends `value` after a hop off the synchronous walk.
func asyncValue(_ value: Int) -> Effect<Int> {
  .run { send in
    await Task.yield()
    await send(value)
  }
}

@MainActor
@Suite("Reactor: deeply nested effects are walked without recursion", .checksLeaks)
struct DeeplyNestedEffectTests {
  @Test("a merge folded left 100,000 deep is reduced in order before send returns")
  func leftFoldedMergeIsSynchronous() {
    let reactor = TallyReactor()
    reactor.send(.run { leftFoldedMerge(deepTreeDepth) })
    #expect(reactor.currentState.count == deepTreeDepth)
    #expect(reactor.currentState.isIncreasing)
  }

  @Test("a merge folded right 100,000 deep is reduced in order before send returns")
  func rightFoldedMergeIsSynchronous() {
    let reactor = TallyReactor()
    reactor.send(.run { rightFoldedMerge(deepTreeDepth) })
    #expect(reactor.currentState.count == deepTreeDepth)
    #expect(reactor.currentState.isIncreasing)
  }

  @Test("a concat folded left 100,000 deep is reduced in order before send returns")
  func leftFoldedConcatIsSynchronous() {
    let reactor = TallyReactor()
    reactor.send(.run { leftFoldedConcat(deepTreeDepth) })
    #expect(reactor.currentState.count == deepTreeDepth)
    #expect(reactor.currentState.isIncreasing)
  }

  @Test("merges and concats alternating 100,000 deep are reduced in order before send returns")
  func alternatingFoldIsSynchronous() {
    let reactor = TallyReactor()
    reactor.send(.run { alternatingFold(deepTreeDepth) })
    #expect(reactor.currentState.count == deepTreeDepth)
    #expect(reactor.currentState.isIncreasing)
  }

  @Test("what follows a 100,000-deep merge with an asynchronous bottom runs once it ends")
  func deepMergeWithAsyncBottom() async {
    let reactor = TallyReactor()
    // The bottom part ends last: each of the 100,000 merges above it ends then, one by one.
    reactor.send(
      .run {
        .concat(leftFoldedMerge(deepTreeDepth, first: asyncValue(deepTreeDepth)), .just(deepTreeDepth + 1))
      })
    #expect(reactor.currentState.count == deepTreeDepth)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.count == deepTreeDepth + 2)
    #expect(reactor.currentState.last == deepTreeDepth + 1)
    #expect(reactor.currentState.isIncreasing)
  }

  @Test("what follows a 100,000-deep mix of merges and concats with asynchronous parts runs last")
  func deepMixWithAsyncParts() async {
    let reactor = TallyReactor()
    reactor.send(
      .run {
        var effect = asyncValue(0)
        for value in 1...deepTreeDepth {
          // One asynchronous part in 10,000, inside a concat: what follows it waits for it.
          let part = value.isMultiple(of: 10_000) ? asyncValue(value) : .just(value)
          effect = value.isMultiple(of: 3) ? .merge(effect, part) : .concat(effect, part)
        }
        return .concat(effect, .just(deepTreeDepth + 1))
      })
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.count == deepTreeDepth + 2)
    #expect(reactor.currentState.last == deepTreeDepth + 1)
  }

  @Test("a 100,000-deep merge mapped, filtered and cancellable by id is walked in order")
  func deepMergeThroughOperators() async {
    let reactor = TallyReactor()
    reactor.send(
      .run {
        leftFoldedMerge(deepTreeDepth, first: asyncValue(-2))
          .map { $0 + 1 }
          .filter { $0 > 0 }
          .cancellable(id: "deep")
      })
    #expect(reactor.currentState.count == deepTreeDepth)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.count == deepTreeDepth)
    #expect(reactor.currentState.isIncreasing)
  }
}
