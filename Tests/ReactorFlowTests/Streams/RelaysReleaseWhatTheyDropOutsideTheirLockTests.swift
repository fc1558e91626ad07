import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// An owner whose `deinit` touches the relay it listens to: its bag holds another subscription to
/// that relay, disposed when the owner goes. If a relay destroyed what it drops (a callback and
/// what it captures, an old value) while holding its lock, that disposal would take the same lock
/// again: a trap in debug builds, a thread spinning for ever in release builds.
private final class Owner: Sendable {
  let bag = DisposeBag()
  let ended: LockIsolated<Int>

  init(listeningTo relay: PublishRelay<Int>, ended: LockIsolated<Int>) {
    self.ended = ended
    relay.subscribe { _ in }.disposed(by: bag)
  }

  init(listeningTo relay: BehaviorRelay<Owner?>, ended: LockIsolated<Int>) {
    self.ended = ended
    relay.subscribe { _ in }.disposed(by: bag)
  }

  deinit { ended.withValue { $0 += 1 } }
}

@Suite("Relays release what they drop outside their lock", .checksLeaks)
struct RelaysReleaseWhatTheyDropOutsideTheirLockTests {
  @Test("disposing a subscription whose callback holds the last owner of another subscription")
  func disposalReleasesTheCallbackOutsideTheLock() {
    let relay = PublishRelay<Int>()
    let ended = LockIsolated(0)
    var owner: Owner? = Owner(listeningTo: relay, ended: ended)
    let subscription = relay.subscribe { [owner] _ in _ = owner }
    owner = nil
    #expect(relay.subscriberCount == 2)
    subscription.dispose()
    #expect(ended.value == 1)
    #expect(relay.subscriberCount == 0)
  }

  @Test("a relay released while its callbacks hold the last owner of another subscription")
  func releasedRelayDropsItsCallbacksOutsideTheLock() {
    var relay: PublishRelay<Int>? = PublishRelay<Int>()
    let ended = LockIsolated(0)
    var owner: Owner? = Owner(listeningTo: relay!, ended: ended)
    let subscription = relay!.subscribe { [owner] _ in _ = owner }
    owner = nil
    relay = nil
    #expect(ended.value == 1)
    subscription.dispose()
  }

  @Test("a current value replaced while it holds the last reference to an owner of a subscription")
  func acceptReleasesTheOldValueOutsideTheLock() {
    let relay = BehaviorRelay<Owner?>(value: nil)
    let ended = LockIsolated(0)
    relay.accept(Owner(listeningTo: relay, ended: ended))
    #expect(relay.subscriberCount == 1)
    relay.accept(nil)
    #expect(ended.value == 1)
    #expect(relay.subscriberCount == 0)
  }

  @Test("a relay released while its current value owns a subscription to it releases that value")
  func releasedRelayReleasesItsCurrentValue() {
    var relay: BehaviorRelay<Owner?>? = BehaviorRelay(value: nil)
    let ended = LockIsolated(0)
    relay!.accept(Owner(listeningTo: relay!, ended: ended))
    // The owner's subscription outlives the relay; the relay's value must not outlive it.
    relay = nil
    #expect(ended.value == 1)
  }

  @Test("an iterator dropped while the relay's last element holds an owner of a subscription")
  func droppedIteratorEndsOutsideTheLock() async {
    let relay = BehaviorRelay<Owner?>(value: nil)
    let ended = LockIsolated(0)
    var iterator: RelayIterator<Owner?>? = relay.makeAsyncIterator()
    relay.accept(Owner(listeningTo: relay, ended: ended))
    relay.accept(nil)
    // The iterator's buffer holds the owner, unread: ending the iterator drops the buffer.
    iterator = nil
    #expect(ended.value == 1)
    #expect(relay.subscriberCount == 0)
    _ = iterator
  }
}
