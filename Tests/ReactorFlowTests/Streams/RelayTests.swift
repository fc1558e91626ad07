import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

@Suite("Streams: PublishRelay, BehaviorRelay, DisposeBag", .checksLeaks)
struct RelayTests {
  @Test("PublishRelay multicasts to every subscriber, in order, without replay")
  func publishMulticast() async {
    let relay = PublishRelay<Int>()
    relay.accept(0)
    var first = relay.makeAsyncIterator()
    var second = relay.makeAsyncIterator()
    let callbacks = LockIsolated<[Int]>([])
    let subscription = relay.subscribe { value in callbacks.withValue { $0.append(value) } }
    relay.accept(1)
    relay.accept(2)
    #expect(await first.next() == 1)
    #expect(await first.next() == 2)
    #expect(await second.next() == 1)
    #expect(callbacks.value == [1, 2])
    subscription.dispose()
    relay.accept(3)
    #expect(callbacks.value == [1, 2])
    #expect(relay.subscriberCount == 2)
  }

  @Test("BehaviorRelay replays its current value to each new subscriber")
  func behaviorReplays() async {
    let relay = BehaviorRelay(value: "a")
    relay.accept("b")
    #expect(relay.value == "b")
    var iterator = relay.makeAsyncIterator()
    #expect(await iterator.next() == "b")
    relay.accept("c")
    #expect(await iterator.next() == "c")
    let seen = LockIsolated<[String]>([])
    relay.subscribe { value in seen.withValue { $0.append(value) } }.dispose()
    #expect(seen.value == ["c"])
  }

  @Test("a dropped iterator ends its subscription; a released relay ends its iterators")
  func lifetimes() async {
    let relay = PublishRelay<Int>()
    do {
      let iterator = relay.makeAsyncIterator()
      #expect(relay.subscriberCount == 1)
      _ = iterator
    }
    #expect(relay.subscriberCount == 0)

    var owned: PublishRelay<Int>? = PublishRelay<Int>()
    var iterator = owned!.makeAsyncIterator()
    owned = nil
    #expect(await iterator.next() == nil)
  }

  @Test("a cancelled iterating task ends its subscription")
  func cancellation() async {
    let relay = PublishRelay<Int>()
    let task = Task {
      for await _ in relay {}
    }
    relay.accept(1)
    task.cancel()
    await task.value
    #expect(relay.subscriberCount == 0)
  }

  @Test("DisposeBag disposes everything when released; late insertions are disposed at once")
  func disposeBag() async {
    let disposed = LockIsolated(0)
    var bag: DisposeBag? = DisposeBag()
    AnyDisposable { disposed.withValue { $0 += 1 } }.disposed(by: bag!)
    AnyDisposable { disposed.withValue { $0 += 1 } }.disposed(by: bag!)
    let task = Task { try await Task.sleep(for: .seconds(3600)) }
    task.disposed(by: bag!)
    #expect(bag?.count == 3)
    bag = nil
    #expect(disposed.value == 2)
    #expect(task.isCancelled)

    let emptied = DisposeBag()
    emptied.dispose()
    AnyDisposable { disposed.withValue { $0 += 1 } }.disposed(by: emptied)
    #expect(disposed.value == 3)
  }

  @Test("a subscription runs its disposal once")
  func disposeOnce() {
    let count = LockIsolated(0)
    let subscription = AnyDisposable { count.withValue { $0 += 1 } }
    subscription.dispose()
    subscription.dispose()
    #expect(count.value == 1)
    #expect(subscription.isDisposed)
  }
}
