import ReactorFlow
import Testing

/// The closures a recorder keeps — the encoder of described values, the tracer's output — are
/// the app's: replacing one may drop the last reference to what it captured, whose `deinit` may
/// record (a diagnostic reaches every live recorder). The recorder's lock is not re-entrant: what
/// it replaces must go once it has let go of the lock.
@Suite("A recorder releases the encoder or tracer it replaces outside its lock")
@MainActor
struct RecorderReleasesAReplacedEncoderOrTracerOutsideItsLockTests {
  final class Noisy: Sendable {
    let recorder: JournalRecorder
    init(_ recorder: JournalRecorder) { self.recorder = recorder }
    deinit { recorder.recordDiagnostic("a captured value went", from: .app) }
  }

  /// The diagnostics `recorder` recorded, in order.
  func diagnostics(in recorder: JournalRecorder) -> [String] {
    recorder.journal.entries.compactMap { entry in
      if case .diagnostic(let text) = entry.event { text } else { nil }
    }
  }

  @Test("an encoder replaced while it holds the last reference to a value that records")
  func replacedEncoder() {
    let recorder = JournalRecorder()
    let noisy = Noisy(recorder)
    recorder.encodeDescribedValues { [noisy] _ in "\(noisy)" }
    _ = consume noisy
    recorder.encodeDescribedValues(with: nil)
    #expect(diagnostics(in: recorder) == ["a captured value went"])
  }

  @Test("a tracer replaced while its output holds the last reference to a value that records")
  func replacedTracer() {
    let recorder = JournalRecorder()
    let noisy = Noisy(recorder)
    recorder.trace(with: JournalTracer { [noisy] _ in _ = noisy })
    _ = consume noisy
    recorder.trace(with: nil)
    #expect(diagnostics(in: recorder) == ["a captured value went"])
  }
}
