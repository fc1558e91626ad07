import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A value whose `deinit` touches the relay that holds it: its bag holds a subscription to that
/// relay. Relays must release such values outside their lock, wherever they drop them.
private final class RelayOwner: Sendable {
  let number: Int
  let bag = DisposeBag()
  let ended: LockIsolated<Set<Int>>

  init(_ number: Int, listeningTo relay: BehaviorRelay<RelayOwner?>, ended: LockIsolated<Set<Int>>) {
    self.number = number
    self.ended = ended
    relay.subscribe { _ in }.disposed(by: bag)
  }

  deinit { ended.withValue { _ = $0.insert(number) } }
}

/// Random sequences of subscriptions, disposals, accepted values and iterators on a current-value
/// relay whose values and callbacks hold owners that subscribe to the same relay, against a model
/// of who is alive: each owner ends exactly when the last thing holding it lets it go, and the
/// relay's subscriber count matches the model after every operation.
@Suite("Streams: relays whose values and callbacks own subscriptions to them", .checksLeaks)
struct RelayOwnersFuzzTests {
  /// What holds an owner in the model.
  private struct Model {
    var current: Int?
    var callbacks: [Int: Int?] = [:]
    var iterators: [Int: Set<Int>] = [:]
    var created = 0

    var alive: Set<Int> {
      var holders = Set(callbacks.values.compactMap { $0 })
      for buffered in iterators.values { holders.formUnion(buffered) }
      if let current { holders.insert(current) }
      return holders
    }

    var subscriberCount: Int { callbacks.count + iterators.count + alive.count }
  }

  @Test("owners end when the last holder lets go, and the relay never re-enters its lock", arguments: 0..<40)
  func ownersEndOutsideTheLock(seed: UInt64) {
    var random = SplitMix64(startingAt: seed)
    let ended = LockIsolated<Set<Int>>([])
    var relay: BehaviorRelay<RelayOwner?>? = BehaviorRelay(value: nil)
    var model = Model()
    var subscriptions: [Int: AnyDisposable] = [:]
    var iterators: [Int: RelayIterator<RelayOwner?>] = [:]
    var nextHandle = 0

    func makeOwner() -> RelayOwner {
      defer { model.created += 1 }
      return RelayOwner(model.created, listeningTo: relay!, ended: ended)
    }

    for step in 0..<60 {
      let context = "seed \(seed), step \(step)"
      switch random.next(below: 6) {
      case 0:
        // A callback that holds the last reference to an owner (or to none).
        var owner: RelayOwner? = random.next(below: 2) == 0 ? makeOwner() : nil
        let number = owner?.number
        subscriptions[nextHandle] = relay!.subscribe { [owner] _ in _ = owner }
        model.callbacks[nextHandle] = number
        owner = nil
        nextHandle += 1
      case 1:
        guard let handle = subscriptions.keys.sorted().first(where: { _ in random.next(below: 2) == 0 })
        else { continue }
        subscriptions.removeValue(forKey: handle)?.dispose()
        model.callbacks.removeValue(forKey: handle)
      case 2, 3:
        // A new value replaces the current one, which may hold the last reference to its owner.
        let owner: RelayOwner? = random.next(below: 3) == 0 ? nil : makeOwner()
        let number = owner?.number
        relay!.accept(owner)
        model.current = number
        for handle in model.iterators.keys { if let number { model.iterators[handle]!.insert(number) } }
      case 4:
        iterators[nextHandle] = relay!.makeAsyncIterator()
        model.iterators[nextHandle] = model.current.map { [$0] } ?? []
        nextHandle += 1
      default:
        // An iterator dropped unread: its buffer may hold the last reference to owners.
        guard let handle = iterators.keys.sorted().first else { continue }
        iterators.removeValue(forKey: handle)
        model.iterators.removeValue(forKey: handle)
      }
      let dead = Set(0..<model.created).subtracting(model.alive)
      #expect(ended.value == dead, "\(context): the owners that ended")
      #expect(relay!.subscriberCount == model.subscriberCount, "\(context): the subscribers")
    }
    // The relay released with everything it holds: every owner ends.
    relay = nil
    iterators.removeAll()
    model.current = nil
    model.iterators.removeAll()
    for subscription in subscriptions.values { subscription.dispose() }
    #expect(ended.value == Set(0..<model.created), "seed \(seed): every owner ended")
  }
}
