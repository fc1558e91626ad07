import Foundation
import Testing

/// A hang planted for `scripts/check-watchdog.sh`, which runs this test alone under the watchdog
/// and checks that the run is stopped, naming this test and showing every thread's backtrace.
/// Skipped in every other run.
@Suite("The watchdog stops a hung test run")
struct WatchdogStopsAHungRunTests {
  @Test(
    "a planted hang that ignores cancellation",
    .enabled(if: ProcessInfo.processInfo.environment["REACTORFLOW_PLANT_HANG"] == "1")
  )
  func plantedHang() async {
    // A continuation nothing resumes, awaited without a cancellation handler: what a lost
    // event looks like to a test run.
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  }
}
