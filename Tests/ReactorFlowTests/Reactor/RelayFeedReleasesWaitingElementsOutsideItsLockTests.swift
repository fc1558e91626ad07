import ConcurrencyExtras
import Dispatch
import ReactorFlow
import ReactorFlowTesting
import Testing

/// An element that announces on its relay that it went: its `deinit` accepts on the relay, which
/// hands the announcement to the effect's feed, under the feed's lock. An element accepted on
/// another thread waits in the feed until the main actor takes it; if the feed, stopped, dropped
/// what waits while holding its lock, the announcement would take that lock again (a trap in
/// debug builds, a thread spinning for ever in release builds).
private final class Parcel: Sendable {
  let relay: PublishRelay<Parcel?>
  let ended: LockIsolated<Int>
  init(on relay: PublishRelay<Parcel?>, ended: LockIsolated<Int>) {
    self.relay = relay
    self.ended = ended
  }
  deinit {
    ended.withValue { $0 += 1 }
    relay.accept(nil)
  }
}

private final class ParcelListener: Reactor {
  enum Action: Sendable {
    case listen
    case stop
  }
  enum Mutation: Sendable { case received }
  struct State: Sendable { var received = 0 }

  let initialState = State()
  let store = ReactorStore<ParcelListener>()
  let relay: PublishRelay<Parcel?>

  init(relay: PublishRelay<Parcel?>) { self.relay = relay }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .listen: Effect.from(relay).map { _ in .received }.cancellable(id: "parcels")
    case .stop: .cancel(id: "parcels")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(received: state.received + 1)
  }
}

@Suite("A relay's feed releases the elements it drops outside its lock", .checksLeaks)
@MainActor
struct RelayFeedReleasesWaitingElementsOutsideItsLockTests {
  @Test("an element accepted on another thread, still waiting when the effect is cancelled")
  func waitingElementReleasedAfterUnlocking() {
    let relay = PublishRelay<Parcel?>()
    let ended = LockIsolated(0)
    let listener = ParcelListener(relay: relay)
    listener.send(.listen)
    // Accepted on another thread while the main actor is busy here: the parcel waits in the
    // feed (the only thing holding it) for a drain on the main actor that cannot run yet.
    let accepted = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      relay.accept(Parcel(on: relay, ended: ended))
      accepted.signal()
    }
    accepted.wait()
    #expect(ended.value == 0)
    listener.send(.stop)
    #expect(ended.value == 1)
    #expect(listener.currentState.received == 0)
    #expect(relay.subscriberCount == 0)
  }
}
