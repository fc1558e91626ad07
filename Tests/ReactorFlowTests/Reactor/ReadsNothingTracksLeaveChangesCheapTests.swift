import ConcurrencyExtras
import Observation
import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// A read that nothing tracks must not make the next change tell Observation about it (that is
/// what made a `currentState` read cost four times Observation's own read), and a tracked read
/// must still be seen — by `withObservationTracking` as by a SwiftUI view.
@MainActor
@Suite("Reactor: reads that nothing tracks leave the next change cheap; tracked reads still arm")
struct ReadsNothingTracksLeaveChangesCheapTests {
  @Test("Observation hashes the member of a tracked read, so the probe can tell (this platform)")
  func probeIsReliable() {
    #expect(ObservationProbe.isReliable)
  }

  @Test("a currentState read outside any tracking arms nothing")
  func untrackedReadsArmNothing() {
    let reactor = TwoCountersReactor()
    _ = reactor.currentState
    #expect(!reactor.store.observation.tracking.value.isArmed)
    reactor.send(.count)
    #expect(reactor.currentState.count == 1)
    #expect(!reactor.store.observation.tracking.value.isArmed)
  }

  @Test("tracked reads arm the store, fire onChange once per change, and disarm after it")
  func trackedReadsArm() {
    let reactor = TwoCountersReactor()
    let fired = LockIsolated<[String]>([])
    withObservationTracking {
      _ = reactor.currentState
    } onChange: {
      fired.withValue { $0.append("state") }
    }
    withObservationTracking {
      _ = reactor[\.other]
    } onChange: {
      fired.withValue { $0.append("other") }
    }
    #expect(reactor.store.observation.tracking.value.isArmed)
    // An untracked read between them changes nothing.
    _ = reactor.currentState
    reactor.send(.count)
    #expect(fired.value == ["state"])
    #expect(reactor.store.observation.tracking.value.isArmed, "`other` is still tracked")
    reactor.send(.other)
    #expect(fired.value == ["state", "other"])
    #expect(!reactor.store.observation.tracking.value.isArmed)
    reactor.send(.other)
    #expect(fired.value == ["state", "other"], "onChange fires once")
  }
}
