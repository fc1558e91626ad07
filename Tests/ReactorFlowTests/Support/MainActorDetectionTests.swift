import Dispatch
import ReactorFlow
import ReactorFlowTesting
import Testing

/// Runs `body` in a block on the main dispatch queue — main-actor code that is not a Swift task,
/// as UIKit's callbacks and `DispatchQueue.main.async` blocks are — and returns its result.
@MainActor
private func inMainQueueBlock<T: Sendable>(_ body: @escaping @MainActor @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async {
      continuation.resume(returning: MainActor.assumeIsolated { body() })
    }
  }
}

/// The library decides "is this the main actor?" with public API only (a key on the main dispatch
/// queue): these are the semantics that depend on the answer.
@MainActor
@Suite("Support: main-actor detection without private runtime entry points", .checksLeaks)
struct MainActorDetectionTests {
  @Test("an observer disposed in a main-queue block is not called again, not even once")
  func disposalInMainQueueBlock() async {
    let reactor = PassThroughReactor()
    let seen = Box<[Int]>([])
    let subscription = reactor.observe(\.total) { seen.value.append($0) }
    let afterDisposal = await inMainQueueBlock {
      subscription.dispose()
      reactor.send(.add(1))
      return (seen.value, reactor.store.observerCount)
    }
    #expect(afterDisposal.0 == [0])
    #expect(afterDisposal.1 == 0)
  }

  @Test("a step accepted in a main-queue block is handled before accept returns")
  func stepInMainQueueBlock() async {
    let flow = LoggingFlow("main")
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: flow)
    let log = await inMainQueueBlock {
      flow.steps.accept(TestStep.show("now"))
      return flow.log
    }
    #expect(log == ["show(\"now\")"])
  }

  @Test("an observer disposed on another thread is removed on the main actor, and not lost")
  func disposalFromAnotherThread() async {
    let reactor = PassThroughReactor()
    let subscription = reactor.observe(\.total) { _ in }
    await Task.detached { subscription.dispose() }.value
    var turns = 0
    while reactor.store.observerCount > 0, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    #expect(reactor.store.observerCount == 0)
  }
}

/// A mutable value shared with main-actor closures.
@MainActor
private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
