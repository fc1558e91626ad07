import ConcurrencyExtras
import Foundation
import ReactorFlowTesting
import Synchronization
import Testing

@testable import ReactorFlow

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reading a weak reference makes a strong one, for as long as the reader uses it: if another
/// thread lets go of the object meanwhile, the reader's release is the last one, and the object's
/// `deinit` runs on the reader's thread, where it released it. A lock that reads weak references
/// (the leak recorder's objects, the recorders diagnostics go to) must let those strong
/// references go after unlocking: a `deinit` that takes the same lock would take it again (a trap
/// in debug builds, a thread spinning for ever in release builds).
///
/// Races, run many times: the release must fall between a read and its release to show the fault.
/// One at a time: each keeps a thread busy reading while another releases.
@Suite("Weak references read under a lock are let go after unlocking", .serialized)
struct WeakReferencesReadUnderALockAreLetGoAfterUnlockingTests {
  /// An object handed to another thread, which lets go of it once told to.
  final class Handoff: @unchecked Sendable {
    // Written before `go` is set, read by the other thread after it sees `go`.
    var object: AnyObject?
    let go = Atomic<Bool>(false)
    let released = Atomic<Bool>(false)

    init(_ object: AnyObject) { self.object = object }

    /// Lets go of the object on another thread while `read` runs here, again and again.
    ///
    /// The other thread is a thread of its own, not a dispatch queue's: this one spins until it
    /// has run, and a busy machine's dispatch pool may start no worker while its threads spin (the
    /// suite stalled for half an hour so, two tests each spinning for a partner never started).
    func release(whileRunning read: () -> Void) {
      Thread.detachNewThread { [self] in
        while !go.load(ordering: .acquiring) { sched_yield() }
        object = nil
        released.store(true, ordering: .releasing)
      }
      go.store(true, ordering: .releasing)
      while !released.load(ordering: .acquiring) { read() }
    }
  }

  /// How long each race is run at most (an idle machine runs every trial well within it; a busy
  /// one, where the two threads seldom run at once, runs fewer).
  let trialTime = Duration.seconds(3)

  final class Marker {}

  /// Records another object in `recorder` as it goes (a screen whose `deinit` makes a view).
  final class RecordsWhenItGoes: Sendable {
    let recorder: LiveObjects
    init(_ recorder: LiveObjects) { self.recorder = recorder }
    deinit { recorder.record(Marker(), "made as another went") }
  }

  @Test("an object released while the leak recorder lists the live ones")
  func liveObjectsListed() {
    let deadline = ContinuousClock.now + trialTime
    for trial in 0..<3_000 where ContinuousClock.now < deadline {
      let recorder = LiveObjects()
      let handoff = Handoff(RecordsWhenItGoes(recorder))
      recorder.record(handoff.object!, "goes on another thread")
      handoff.release { _ = recorder.alive }
      #expect(recorder.count == 2, "trial \(trial)")
      #expect(recorder.alive.isEmpty, "trial \(trial)")
    }
  }

  /// Reads the global handler (as reporting a diagnostic does) as it goes.
  final class ReadsTheHandlerWhenItGoes: Sendable {
    let ended: LockIsolated<Int>
    init(_ ended: LockIsolated<Int>) { self.ended = ended }
    deinit {
      _ = ReactorFlowDiagnostics.globalHandler
      ended.withValue { $0 += 1 }
    }
  }

  @Test("a recorder of diagnostics released, with what it recorded, while another is added")
  func diagnosticsRecorderReleased() {
    let keeper = JournalRecorder(keepingLast: 1)
    let ended = LockIsolated(0)
    let deadline = ContinuousClock.now + trialTime
    var trials = 0
    for _ in 0..<3_000 where ContinuousClock.now < deadline {
      trials += 1
      let recorder = JournalRecorder()
      recorder.recordAction(ReadsTheHandlerWhenItGoes(ended), from: .app)
      DiagnosticsRouting.addRecorder(recorder)
      let handoff = Handoff(recorder)
      _ = consume recorder
      handoff.release { DiagnosticsRouting.addRecorder(keeper) }
    }
    #expect(ended.value == trials)
  }
}
