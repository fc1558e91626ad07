import Clocks
import Foundation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A reactor that folds the integers it reduces into a digest of their order (its state stays
/// small however many mutations a trial sends).
final class DigestReactor: Reactor {
  enum Action: Sendable {
    case run(@Sendable @MainActor () -> Effect<Int>)
  }
  struct State: Sendable, Equatable {
    var count = 0
    var digest: UInt64 = 0
  }

  let initialState = State()
  let store = ReactorStore<DigestReactor>()

  func mutate(action: Action) -> Effect<Int> {
    switch action {
    case .run(let make): return make()
    }
  }

  func reduce(state: State, mutation: Int) -> State {
    DigestReactor.fold(state, mutation)
  }

  nonisolated static func fold(_ state: State, _ value: Int) -> State {
    State(
      count: state.count + 1, digest: state.digest &* 1_099_511_628_211 ^ UInt64(bitPattern: Int64(value)))
  }
}

/// A reactor whose `transform(action:)` merges an initial action and sends from its `map`
/// (an action ending in "?" sends the same action ending in "+"), and whose
/// `transform(mutation:)` marks the reactor's own mutations ("m:") and merges a global event
/// stream (unmarked): a mutation that skips the stage shows unmarked.
final class StagedFuzzReactor: Reactor {
  typealias Action = String
  struct State: Sendable {
    var log: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<StagedFuzzReactor>()
  let events = PublishRelay<String>()
  /// How many global events reached the reactor (reduced or dropped).
  let delivered = BehaviorRelay(value: 0)

  func transform(action: Effect<String>) -> Effect<String> {
    .merge(action, .just("init")).map { [unowned self] action in
      if action.hasSuffix("?") { send(action.dropLast() + "+") }
      return action
    }
  }

  func transform(mutation: Effect<String>) -> Effect<String> {
    .merge(
      mutation.map { "m:" + $0 },
      Effect.from(events).map { [delivered] event in
        delivered.accept(delivered.value + 1)
        return event
      })
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }
}

/// The reference of ``StagedFuzzReactor``'s documented behaviour: sent actions, the stub, the
/// transforms' merged streams.
@MainActor
struct StagedModel {
  var log: [String] = []
  var stubActions: [String] = []
  var isStarted = false
  var isStubbed = false
  var areTransformsConnected = false

  /// The store starts on first use; stubbed, its transforms wait until the stub is off.
  mutating func use() {
    guard !isStarted else { return }
    isStarted = true
    if !isStubbed { connect() }
  }

  mutating func connect() {
    areTransformsConnected = true
    handle("init")
  }

  mutating func send(_ action: String) {
    use()
    if isStubbed { stubActions.append(action) } else { handle(action) }
  }

  /// An action through the stages: what the `map` sends is handled after it; each mutation
  /// through `transform(mutation:)`, the initial action's too.
  mutating func handle(_ action: String) {
    log.append("m:" + action)
    if action.hasSuffix("?") { log.append("m:" + action.dropLast() + "+") }
  }

  mutating func setStub(_ isOn: Bool) {
    isStubbed = isOn
    use()
    if !isOn, !areTransformsConnected { connect() }
  }

  mutating func event(_ event: String) {
    if !isStubbed { log.append(event) }
  }
}

/// Two ways to fold a spine of `.merge`/`.concat` levels over an asynchronous bottom.
enum SpineFold { case left, right }

@MainActor
@Suite("Reactor: model-based fuzzing of deep trees, transform stages and the stub", .checksLeaks)
struct DeepTreeStageAndStubFuzzTests {
  /// A spine `depth` levels deep — each level a `.merge` or a `.concat` of the level below and
  /// one synchronous element — over an asynchronous bottom (which fails one time in two), then
  /// one element after it: built without recursion, checked against the order the documented
  /// semantics give.
  @Test(
    "deep merge/concat spines agree with the documented order",
    arguments: [(UInt64(0), deepTreeDepth), (1, 0), (2, 0)])
  func deepSpine(seed: UInt64, fixedDepth: Int) async {
    var random = SplitMix64(startingAt: seed)
    let depth = fixedDepth > 0 ? fixedDepth : Int.random(in: 1...min(20_000, deepTreeDepth), using: &random)
    let isMerge = (0..<depth).map { _ in Bool.random(using: &random) }
    let fold: SpineFold = Bool.random(using: &random) ? .left : .right
    let fails = Bool.random(using: &random)
    let gate = Gate()
    let reactor = DigestReactor()
    let errors = reactor.errors.subscribe { _ in }
    defer { errors.dispose() }
    let context = "seed \(seed): depth \(depth), \(fold) fold, bottom fails: \(fails)"

    // The order: a left fold starts every merge's element at once (bottom up), and its concats'
    // elements after the bottom; a right fold starts every element at once (top down).
    var atStart: [Int] = []
    var afterBottom: [Int] = [-1]
    switch fold {
    case .left:
      for level in 0..<depth {
        if isMerge[level] { atStart.append(level) } else if !fails { afterBottom.append(level) }
      }
    case .right: atStart = Array((0..<depth).reversed())
    }
    // A failing bottom ends the run: nothing after it is reduced.
    if !fails { afterBottom.append(depth) }

    reactor.send(
      .run {
        var effect: Effect<Int> = .run { send in
          try await gate.wait()
          await send(-1)
          if fails { throw FuzzError() }
        }
        for level in 0..<depth {
          let parts: [Effect<Int>] = fold == .left ? [effect, .just(level)] : [.just(level), effect]
          effect = isMerge[level] ? .merge(parts) : .concat(parts)
        }
        return .concat(effect, .just(depth))
      })
    let started = atStart.reduce(DigestReactor.State(), DigestReactor.fold)
    #expect(reactor.currentState == started, "\(context): before the bottom ends")
    gate.open()
    await reactor.store.waitUntilIdle()
    let ended = afterBottom.reduce(started, DigestReactor.fold)
    #expect(reactor.currentState == ended, "\(context): after the bottom ended")
  }

  /// Random sequences of sends (some sending from a stage of `transform(action:)`), stub
  /// toggles (before and after the reactor started) and global events.
  @Test("transform stages and the stub agree with the model")
  func stagesAndStub() async {
    for seed in 0..<(isUnderSanitizer ? 50 : 200) {
      var random = SplitMix64(startingAt: UInt64(seed))
      let reactor = StagedFuzzReactor()
      var model = StagedModel()
      var steps: [String] = []
      for index in 0..<8 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          let isOn = Bool.random(using: &random)
          steps.append("stub \(isOn)")
          model.setStub(isOn)
          reactor.isStubEnabled = isOn
        case 1 where model.areTransformsConnected:
          let event = "g\(index)"
          steps.append(event)
          model.event(event)
          let delivered = reactor.delivered.value
          reactor.events.accept(event)
          for await count in reactor.delivered where count > delivered { break }
        default:
          let action = Bool.random(using: &random) ? "a\(index)?" : "a\(index)"
          steps.append(action)
          model.send(action)
          reactor.send(action)
        }
        guard model.isStarted else { continue }
        let agrees = reactor.currentState.log == model.log && reactor.stub.actions == model.stubActions
        #expect(reactor.currentState.log == model.log, "seed \(seed): \(steps)")
        #expect(reactor.stub.actions == model.stubActions, "seed \(seed): \(steps)")
        if !agrees { return }
      }
    }
  }
}
