import Clocks
import Foundation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A random effect tree, described as data so that both the reactor and the reference model can
/// run it.
indirect enum EffectNode: CustomStringConvertible {
  case none
  case just(String)
  case many([String])
  case concat([EffectNode])
  case merge([EffectNode])
  case deferred(EffectNode)
  /// An asynchronous leaf: waits until the test releases it, sends "L<n>", then throws if
  /// `fails`.
  case leaf(Int, fails: Bool)
  case identified(EffectNode, id: String, cancelInFlight: Bool)
  case cancel(String)
  /// `map`: each element gets the prefix "m".
  case mapped(EffectNode)
  /// `filter`: keeps the elements of even length (see ``EffectNode/keeps(_:)``).
  case filtered(EffectNode)
  /// `compactMap`: drops the elements whose length is a multiple of 3, prefixes the others "c".
  case compactMapped(EffectNode)
  /// `debounce` for one second on the trial's `TestClock`.
  case debounced(EffectNode)
  /// `throttle` (latest) for one second on the trial's `TestClock`.
  case throttled(EffectNode)

  static func keeps(_ element: String) -> Bool { element.count % 2 == 0 }
  static func compact(_ element: String) -> String? {
    element.count % 3 == 0 ? nil : "c" + element
  }

  var description: String {
    switch self {
    case .none: "none"
    case .just(let value): "just(\(value))"
    case .many(let values): "many(\(values))"
    case .concat(let nodes): "concat(\(nodes.map(\.description).joined(separator: ", ")))"
    case .merge(let nodes): "merge(\(nodes.map(\.description).joined(separator: ", ")))"
    case .deferred(let node): "deferred(\(node))"
    case .leaf(let number, let fails): fails ? "leaf(\(number), fails)" : "leaf(\(number))"
    case .identified(let node, let id, let latest): "\(node).cancellable(\(id)\(latest ? ", latest" : ""))"
    case .cancel(let id): "cancel(\(id))"
    case .mapped(let node): "\(node).map"
    case .filtered(let node): "\(node).filter"
    case .compactMapped(let node): "\(node).compactMap"
    case .debounced(let node): "\(node).debounce"
    case .throttled(let node): "\(node).throttle"
    }
  }
}

struct FuzzError: Error {}

/// Holds each asynchronous leaf until the test releases it; tells the test which leaves wait.
final class LeafScheduler: Sendable {
  private struct State {
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    /// Leaves let go, and leaves whose operation has returned (or thrown): a released leaf's
    /// element is reduced before its operation returns.
    var released: Set<Int> = []
    var ended: Set<Int> = []

    func isWaiting(exactly expected: Set<Int>) -> Bool {
      Set(waiting.keys) == expected && released.isSubset(of: ended)
    }
  }
  private let state = LockedState(State())

  /// Called by leaf `number`'s operation: returns once the test releases it.
  func wait(_ number: Int) async {
    await withCheckedContinuation { continuation in
      state.withLock { $0.waiting[number] = continuation }
    }
  }

  /// Lets leaf `number` go on.
  func release(_ number: Int) {
    let continuation = state.withLock { state in
      state.released.insert(number)
      return state.waiting.removeValue(forKey: number)
    }
    continuation?.resume()
  }

  /// Called by leaf `number`'s operation as it returns or throws, after it was released.
  func end(_ number: Int) {
    state.withLock { _ = $0.ended.insert(number) }
  }

  /// Returns once exactly the leaves `expected` are waiting and every released leaf's operation
  /// has returned: counting tasks alone cannot tell a released leaf whose element is still on
  /// its way from a timer the model expects (the counts can be equal). Returns `false` — the
  /// trial fails, the suite does not hang — when they do not come to that within the hang guard
  /// (a leaf started that the model does not expect, or one it expects never started).
  @MainActor
  func waitUntilWaiting(exactly expected: Set<Int>, _ context: String) async -> Bool {
    if state.withLock({ $0.isWaiting(exactly: expected) }) { return true }
    await expectEventually("\(context): the leaves waiting are \(expected.sorted())") {
      self.state.withLock { $0.isWaiting(exactly: expected) }
    }
    return state.withLock { $0.isWaiting(exactly: expected) }
  }

  /// The leaves waiting now (for a failure's message).
  var waiting: [Int] { state.withLock { $0.waiting.keys.sorted() } }
}

/// Builds the ``Effect`` a node describes.
@MainActor
func makeEffect(
  _ node: EffectNode, _ scheduler: LeafScheduler, _ clock: TestClock<Duration>
) -> Effect<String> {
  func makeEffect(_ node: EffectNode, _ scheduler: LeafScheduler) -> Effect<String> {
    ReactorFlowTests.makeEffect(node, scheduler, clock)
  }
  switch node {
  case .none: return .none
  case .just(let value): return .just(value)
  case .many(let values): return .from(values)
  case .concat(let nodes): return .concat(nodes.map { makeEffect($0, scheduler) })
  case .merge(let nodes): return .merge(nodes.map { makeEffect($0, scheduler) })
  case .deferred(let node): return .deferred { makeEffect(node, scheduler) }
  case .leaf(let number, let fails):
    return .run { send in
      await scheduler.wait(number)
      defer { scheduler.end(number) }
      try Task.checkCancellation()
      await send("L\(number)")
      if fails { throw FuzzError() }
    }
  case .identified(let node, let id, let latest):
    return makeEffect(node, scheduler).cancellable(id: id, cancelInFlight: latest)
  case .cancel(let id): return .cancel(id: id)
  case .mapped(let node): return makeEffect(node, scheduler).map { "m" + $0 }
  case .filtered(let node): return makeEffect(node, scheduler).filter(EffectNode.keeps)
  case .compactMapped(let node): return makeEffect(node, scheduler).compactMap(EffectNode.compact)
  case .debounced(let node): return makeEffect(node, scheduler).debounce(for: .seconds(1), clock: clock)
  case .throttled(let node): return makeEffect(node, scheduler).throttle(for: .seconds(1), clock: clock)
  }
}

/// The reference interpreter of the documented semantics, written independently of the
/// library's walker: continuation-passing over the tree, with explicit scopes and runs.
@MainActor
final class EffectModel {
  final class Scope {
    let id: String?
    var isCancelled = false
    var isClosed = false
    init(id: String?) { self.id = id }
  }
  final class Run {
    let scope = Scope(id: nil)
    var hasFailed = false
  }
  struct Leaf {
    let fails: Bool
    /// Where its element goes (through the element-wise operators above it).
    let out: (String) -> Void
    let scopes: [Scope]
    let run: Run
    let then: () -> Void
    /// When the walk reached it, among all leaves: the walks after leaves cancelled together go
    /// on in this order.
    let order: Int
    /// Whether the walk went on after it: once it was cancelled, before its operation returns.
    var hasGoneOn = false
    var isCancelled: Bool { scopes.contains { $0.isCancelled } }
  }

  /// A debounce or throttle: the element it holds and whether its timer runs. Its timer runs in
  /// the scopes where the walk met it (its run's among them): cancelling one of them, or a failure
  /// of its run, cancels the timer and drops the element.
  final class Timer {
    let isThrottle: Bool
    let scopes: [Scope]
    let out: (String) -> Void
    var held: String?
    var isArmed = false
    init(isThrottle: Bool, scopes: [Scope], out: @escaping (String) -> Void) {
      self.isThrottle = isThrottle
      self.scopes = scopes
      self.out = out
    }
    var isCancelled: Bool { scopes.contains { $0.isCancelled } }
    var isRunning: Bool { isArmed && !isCancelled }

    func push(_ value: String) {
      if isThrottle, !isArmed {
        out(value)
      } else {
        held = value
      }
      isArmed = true
    }

    /// The clock passed its duration.
    func fire() {
      guard isRunning else { return }
      isArmed = false
      guard let value = held else { return }
      held = nil
      out(value)
      if isThrottle { isArmed = true }
    }

    /// Its source ended: the held element goes on at once (unless the timer was cancelled).
    func finish() {
      isArmed = false
      if !isCancelled, let value = held { out(value) }
      held = nil
    }
  }

  var log: [String] = []
  var errors = 0
  private(set) var pending: [Int: Leaf] = [:]
  private var scopes: [Scope] = []
  private var echoes = 0
  private var nextOrder = 0
  private(set) var timers: [Timer] = []

  var inFlight: Int { pending.values.filter { !$0.isCancelled }.count + runningTimers }

  /// Lets go of the leaves and timers: their closures lead back to the model (a cycle that
  /// LeakSanitizer reports once the trial is over).
  func tearDown() {
    pending.removeAll()
    timers.removeAll()
  }
  /// Timers whose task runs (a cancelled one ends at once).
  var runningTimers: Int { timers.filter(\.isRunning).count }

  /// The trial's `TestClock` passed one second: the running timers fire.
  func advanceClock() {
    for timer in timers where timer.isRunning { dispatch { timer.fire() } }
  }

  /// `send(.run { effect })`: one dispatch.
  func start(_ node: EffectNode) {
    dispatch {
      let run = Run()
      walk(node, in: [run.scope], run: run, out: emit) {}
    }
  }

  /// The test released `number`: its operation sends, maybe fails, and the walk goes on after
  /// it. A cancelled leaf's walk went on when it was cancelled: its release changes nothing.
  func release(_ number: Int) {
    guard let leaf = pending.removeValue(forKey: number), !leaf.isCancelled else { return }
    dispatch { leaf.out("L\(number)") }
    dispatch {
      if leaf.fails, !leaf.run.hasFailed {
        leaf.run.hasFailed = true
        errors += 1
        leaf.run.scope.isCancelled = true
        goOnAfterCancelledLeaves()
      }
      leaf.then()
    }
  }

  /// A cancelled part ends at once (RxSwift's `take(until:)`): the walk after each leaf that
  /// waits in a cancelled scope goes on now, in the order the walk reached them, whether or not
  /// its operation has returned. All are marked first: a walk that goes on and cancels again
  /// does not go on after them a second time.
  private func goOnAfterCancelledLeaves() {
    let due = pending.filter { !$0.value.hasGoneOn && $0.value.isCancelled }
      .sorted { $0.value.order < $1.value.order }
    for (number, _) in due { pending[number]?.hasGoneOn = true }
    for (_, leaf) in due { leaf.then() }
  }

  /// One turn of the reactor's re-entrancy guard: the actions observers sent meanwhile are
  /// handled at its end.
  private func dispatch(_ body: () -> Void) {
    body()
    while echoes > 0 {
      echoes -= 1
      log.append("echo")
    }
  }

  private func emit(_ value: String) {
    log.append(value)
    if value.hasSuffix("!") { echoes += 1 }
  }

  private func walk(
    _ node: EffectNode, in scopes: [Scope], run: Run, out: @escaping (String) -> Void,
    then: @escaping () -> Void
  ) {
    if scopes.contains(where: \.isCancelled) { return then() }
    switch node {
    case .none:
      then()
    case .just(let value):
      out(value)
      then()
    case .many(let values):
      values.forEach(out)
      then()
    case .concat(let nodes):
      walkInOrder(nodes[...], in: scopes, run: run, out: out, then: then)
    case .merge(let nodes):
      guard !nodes.isEmpty else { return then() }
      var remaining = nodes.count
      for node in nodes {
        walk(node, in: scopes, run: run, out: out) {
          remaining -= 1
          if remaining == 0 { then() }
        }
      }
    case .deferred(let node):
      walk(node, in: scopes, run: run, out: out, then: then)
    case .leaf(let number, let fails):
      pending[number] = Leaf(
        fails: fails, out: out, scopes: scopes, run: run, then: then, order: nextOrder)
      nextOrder += 1
    case .identified(let node, let id, let latest):
      if latest { cancel(id) }
      let scope = Scope(id: id)
      self.scopes.append(scope)
      walk(node, in: scopes + [scope], run: run, out: out) {
        scope.isClosed = true
        then()
      }
    case .cancel(let id):
      cancel(id)
      then()
    case .mapped(let node):
      walk(node, in: scopes, run: run, out: { out("m" + $0) }, then: then)
    case .filtered(let node):
      walk(node, in: scopes, run: run, out: { if EffectNode.keeps($0) { out($0) } }, then: then)
    case .compactMapped(let node):
      walk(
        node, in: scopes, run: run,
        out: { element in EffectNode.compact(element).map(out) }, then: then)
    case .debounced(let node):
      walkTimed(node, isThrottle: false, in: scopes, run: run, out: out, then: then)
    case .throttled(let node):
      walkTimed(node, isThrottle: true, in: scopes, run: run, out: out, then: then)
    }
  }

  private func walkTimed(
    _ node: EffectNode, isThrottle: Bool, in scopes: [Scope], run: Run,
    out: @escaping (String) -> Void, then: @escaping () -> Void
  ) {
    let timer = Timer(isThrottle: isThrottle, scopes: scopes, out: out)
    timers.append(timer)
    walk(node, in: scopes, run: run, out: { timer.push($0) }) {
      timer.finish()
      then()
    }
  }

  private func walkInOrder(
    _ nodes: ArraySlice<EffectNode>, in scopes: [Scope], run: Run, out: @escaping (String) -> Void,
    then: @escaping () -> Void
  ) {
    guard let first = nodes.first else { return then() }
    walk(first, in: scopes, run: run, out: out) { [unowned self] in
      walkInOrder(nodes.dropFirst(), in: scopes, run: run, out: out, then: then)
    }
  }

  private func cancel(_ id: String) {
    for scope in scopes where scope.id == id && !scope.isClosed { scope.isCancelled = true }
    scopes.removeAll(where: \.isClosed)
    goOnAfterCancelledLeaves()
  }
}

/// Random trees: small, with every case, a few asynchronous leaves and two ids.
struct EffectTreeGenerator {
  var random: SplitMix64
  var nextLeaf = 0
  var nextValue = 0
  /// How many debounce or throttle nodes may still be made (one per trial keeps the order in
  /// which timers fire out of the comparison).
  var timersLeft = 0

  mutating func tree(depth: Int = 0) -> EffectNode {
    if timersLeft > 0, depth < 3, Int.random(in: 0..<8, using: &random) == 0 { return timed(depth) }
    let roll = Int.random(in: 0..<(depth >= 3 ? 4 : 13), using: &random)
    switch roll {
    case 0: return .just(value())
    case 1: return .many((0..<Int.random(in: 0...2, using: &random)).map { _ in value() })
    case 2:
      defer { nextLeaf += 1 }
      return .leaf(nextLeaf, fails: Int.random(in: 0..<6, using: &random) == 0)
    case 3: return Bool.random(using: &random) ? .cancel(id()) : .none
    case 4, 5: return .concat(children(depth))
    case 6, 7: return .merge(children(depth))
    case 8: return .deferred(tree(depth: depth + 1))
    case 9: return cancellableHead(depth)
    case 10: return .mapped(tree(depth: depth + 1))
    case 11: return .filtered(tree(depth: depth + 1))
    case 12: return .compactMapped(tree(depth: depth + 1))
    default:
      return .identified(tree(depth: depth + 1), id: id(), cancelInFlight: Bool.random(using: &random))
    }
  }

  /// A debounce or throttle around an asynchronous leaf (failing one time in two) and a few
  /// other parts, sometimes cancellable by id.
  mutating func timed(_ depth: Int) -> EffectNode {
    timersLeft -= 1
    var parts = [EffectNode.leaf(nextLeaf, fails: Bool.random(using: &random))]
    nextLeaf += 1
    parts += children(depth)
    parts.shuffle(using: &random)
    var child: EffectNode = Bool.random(using: &random) ? .concat(parts) : .merge(parts)
    if Int.random(in: 0..<3, using: &random) == 0 {
      child = .identified(child, id: id(), cancelInFlight: Bool.random(using: &random))
    }
    return Bool.random(using: &random) ? .debounced(child) : .throttled(child)
  }

  /// A cancellable part that waits, followed in a `concat` by more parts: a `.cancel(id)` or a
  /// `cancelInFlight` reached while its leaf waits ends it at once, and the rest goes on before
  /// the leaf is released (its element is dropped then).
  mutating func cancellableHead(_ depth: Int) -> EffectNode {
    let leaf = EffectNode.leaf(nextLeaf, fails: Int.random(in: 0..<6, using: &random) == 0)
    nextLeaf += 1
    let head = EffectNode.identified(leaf, id: id(), cancelInFlight: Bool.random(using: &random))
    return .concat([head, .just(value())] + children(depth))
  }

  /// What cancels the parts of an earlier tree by id: a `.cancel(id)`, or a part started with
  /// `cancelInFlight`, then more.
  mutating func canceller() -> EffectNode {
    let cancel: EffectNode =
      Bool.random(using: &random)
      ? .cancel(id()) : .identified(tree(depth: 1), id: id(), cancelInFlight: true)
    return .concat([cancel, tree(depth: 1)])
  }

  private mutating func children(_ depth: Int) -> [EffectNode] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in tree(depth: depth + 1) }
  }

  /// A value; one in four ends in "!", which makes an observer send an action re-entrantly.
  private mutating func value() -> String {
    defer { nextValue += 1 }
    return Int.random(in: 0..<4, using: &random) == 0 ? "v\(nextValue)!" : "v\(nextValue)"
  }

  private mutating func id() -> String { Bool.random(using: &random) ? "x" : "y" }
}

@MainActor
@Suite("Reactor: model-based fuzzing of effect composition", .checksLeaks)
struct EffectModelFuzzTests {
  /// How many trees: a bounded run by default; `EFFECT_FUZZ_TREES=100000` for a large one.
  static let trees =
    ProcessInfo.processInfo.environment["EFFECT_FUZZ_TREES"].flatMap(Int.init)
    ?? (isUnderSanitizer ? 100 : 400)

  @Test("random effect trees: the reactor and the reference model agree at every step")
  func reactorAgreesWithModel() async {
    for seed in 0..<Self.trees {
      let agreed = await runTrial(seed: UInt64(seed))
      if !agreed { break }
      // Lets the other tests' main-actor work run between trials: a trial whose waits are met
      // at once never suspends, and 400 of them held the main actor for a minute under the
      // address sanitizer (other tests' waits then hit their time limits).
      await Task.yield()
    }
  }

  /// Two trees sent one after the other (so that ids reach across effects), then the leaves
  /// released one at a time in a random order; after each release, once the reactor is quiet,
  /// the reduced mutations, the work in flight and the errors are compared.
  private func runTrial(seed: UInt64) async -> Bool {
    var generator = EffectTreeGenerator(random: SplitMix64(startingAt: seed))
    // One trial in two has a debounce or throttle; one of those in two has it outermost.
    generator.timersLeft = seed.isMultiple(of: 2) ? 1 : 0
    let first = seed % 4 == 0 ? generator.timed(0) : generator.tree()
    // One trial in three cancels, from its second tree, a part that waits at the head of a
    // concat in its first.
    let trees =
      seed % 3 == 1
      ? [.merge([first, generator.cancellableHead(0)]), generator.canceller()]
      : [first, generator.tree()]
    let clock = TestClock()
    let scheduler = LeafScheduler()
    let model = EffectModel()
    let reactor = ScriptedReactor()
    let errorCount = LockedState(0)
    let errorSubscription = reactor.errors.subscribe { _ in errorCount.withLock { $0 += 1 } }
    let echo = reactor.observeState { state in
      if state.log.last?.hasSuffix("!") == true { reactor.send(.record("echo")) }
    }
    defer {
      model.tearDown()
      echo.dispose()
      errorSubscription.dispose()
    }
    let context = "seed \(seed): \(trees.map(\.description).joined(separator: " ; "))"
    var released: [Int] = []

    func agrees() async -> Bool {
      let leavesAgree = await scheduler.waitUntilWaiting(
        exactly: Set(model.pending.keys), "\(context), released \(released)")
      guard leavesAgree else {
        Issue.record("\(context), released \(released): the leaves waiting are \(scheduler.waiting)")
        return false
      }
      // A task the model does not expect (a timer that outlived its run) would make the wait
      // below hang: the hang guard fails the trial instead.
      await expectEventually("\(context), released \(released): the tasks in flight") {
        reactor.store.tasksInFlight <= model.inFlight
      }
      guard reactor.store.tasksInFlight <= model.inFlight else { return false }
      let settled = await reactor.store.waitUntilTasks(
        atMost: model.pending.count + model.runningTimers, "\(context), released \(released)")
      guard settled else { return false }
      let errors = errorCount.withLock { $0 }
      let same =
        reactor.currentState.log == model.log && reactor.store.tasksInFlight == model.inFlight
        && errors == model.errors
      #expect(reactor.currentState.log == model.log, "\(context), released \(released)")
      #expect(reactor.store.tasksInFlight == model.inFlight, "\(context), released \(released)")
      #expect(errors == model.errors, "\(context), released \(released)")
      return same
    }

    for tree in trees {
      model.start(tree)
      reactor.send(.run { makeEffect(tree, scheduler, clock) })
      guard await agrees() else { return false }
    }
    while !model.pending.isEmpty || model.runningTimers > 0 {
      if model.runningTimers > 0, model.pending.isEmpty || Bool.random(using: &generator.random) {
        // "-1" in `released`: the clock passed the timers' duration.
        released.append(-1)
        model.advanceClock()
        await clock.advanceAfterSleeping(by: .seconds(1))
      } else if let next = model.pending.keys.sorted().randomElement(using: &generator.random) {
        released.append(next)
        model.release(next)
        scheduler.release(next)
      }
      guard await agrees() else { return false }
    }
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    return await agrees()
  }
}

extension ReactorStore {
  /// ``waitUntilTasks(atMost:)`` under the hang guard: `false` (the trial fails) when more tasks
  /// than that are still running after it — tasks the model does not know of.
  fileprivate func waitUntilTasks(atMost count: Int, _ context: String) async -> Bool {
    let ended = LockedState(false)
    // Ends with the store's own wait; if that never comes, it stays suspended with the store,
    // and the trial has already failed.
    Task {
      await self.waitUntilTasks(atMost: count)
      ended.withLock { $0 = true }
    }
    await expectEventually("\(context): at most \(count) tasks running") { ended.withLock { $0 } }
    return ended.withLock { $0 }
  }
}
