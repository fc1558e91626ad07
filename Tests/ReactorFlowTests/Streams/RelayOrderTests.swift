import ConcurrencyExtras
import ReactorFlow
import Testing

@Suite("Streams: every callback sees the values in the order they were accepted")
struct RelayOrderTests {
  @Test("BehaviorRelay: a value accepted from a callback reaches later subscribers after the one before it")
  func reentrantAcceptKeepsOrder() {
    let relay = BehaviorRelay(value: 0)
    let first = LockIsolated<[Int]>([])
    let second = LockIsolated<[Int]>([])
    let a = relay.subscribe { value in
      first.withValue { $0.append(value) }
      if value == 1 { relay.accept(2) }
    }
    let b = relay.subscribe { value in second.withValue { $0.append(value) } }
    relay.accept(1)
    #expect(first.value == [0, 1, 2])
    #expect(second.value == [0, 1, 2])
    #expect(relay.value == 2)
    a.dispose()
    b.dispose()
  }

  @Test("PublishRelay: a value accepted from a callback reaches later subscribers after the one before it")
  func publishReentrantAcceptKeepsOrder() {
    let relay = PublishRelay<Int>()
    let second = LockIsolated<[Int]>([])
    let a = relay.subscribe { value in if value == 1 { relay.accept(2) } }
    let b = relay.subscribe { value in second.withValue { $0.append(value) } }
    relay.accept(1)
    #expect(second.value == [1, 2])
    a.dispose()
    b.dispose()
  }

  @Test("BehaviorRelay: subscribing from a callback replays the current value before any later one")
  func subscribeFromCallback() {
    let relay = BehaviorRelay(value: 0)
    let late = LockIsolated<[Int]>([])
    let bag = DisposeBag()
    relay.subscribe { value in
      guard value == 1 else { return }
      relay.subscribe { value in late.withValue { $0.append(value) } }.disposed(by: bag)
      relay.accept(2)
    }
    .disposed(by: bag)
    relay.accept(1)
    #expect(late.value == [1, 2])
    #expect(relay.value == 2)
    bag.dispose()  // the first callback holds the bag and the relay: break the cycle
  }

  @Test("a value accepted while subscribed is delivered, after the one before it, even if disposed since")
  func disposedDuringDelivery() {
    let relay = PublishRelay<Int>()
    let received = LockIsolated<[Int]>([])
    let box = LockIsolated<AnyDisposable?>(nil)
    let a = relay.subscribe { value in
      if value == 1 {
        relay.accept(2)
        box.value?.dispose()
      }
    }
    box.setValue(relay.subscribe { value in received.withValue { $0.append(value) } })
    relay.accept(1)
    relay.accept(3)
    #expect(received.value == [1, 2])
    a.dispose()
  }

  @Test("BehaviorRelay: a subscriber racing accepts from another thread never sees a stale value")
  func concurrentSubscribeAndAccept() async {
    let relay = BehaviorRelay(value: 0)
    let rounds = 20_000
    let subscribing = LockIsolated(true)
    let stale = LockIsolated<[String]>([])
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        var value = 0
        while subscribing.value {
          value += 1
          relay.accept(value)
          // Gives the subscribing task its turn: with every thread of the pool busy, a loop that
          // never suspends would keep it from running, and itself from ending.
          await Task.yield()
        }
      }
      group.addTask {
        for round in 0..<rounds {
          let seen = LockIsolated<[Int]>([])
          let subscription = relay.subscribe { value in seen.withValue { $0.append(value) } }
          subscription.dispose()
          // Values only ever increase: a replay delivered after a newer value goes backwards.
          let values = seen.value
          if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) {
            stale.withValue { $0.append("round \(round): \(values.prefix(8))") }
          }
        }
        subscribing.setValue(false)
      }
    }
    #expect(
      stale.value.isEmpty,
      "\(stale.value.count) subscriber(s) saw values out of order: \(stale.value.prefix(3))")
    // After the last accept, a new subscriber gets the final value first.
    var iterator = relay.makeAsyncIterator()
    #expect(await iterator.next() == relay.value)
  }
}
