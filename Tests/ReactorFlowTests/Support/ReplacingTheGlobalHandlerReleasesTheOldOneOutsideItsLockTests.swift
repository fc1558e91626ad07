import ReactorFlow
import ReactorFlowTesting
import Testing

/// A value whose `deinit` reports a diagnostic: reporting reads the global handler, under the
/// lock that guards it. A global handler replaced while it holds the last reference to such a
/// value must be released once that lock is let go (it is not re-entrant: a trap in debug
/// builds, a thread spinning for ever in release builds).
private final class ReportsWhenItGoes: Sendable {
  deinit { ReactorFlowDiagnostics.emit("a handler's captured value went 3e9b") }
}

@Suite("Replacing the global handler releases the old one outside its lock")
@MainActor
struct ReplacingTheGlobalHandlerReleasesTheOldOneOutsideItsLockTests {
  @Test("a global handler replaced while it holds the last reference to a value that reports")
  func replacedHandler() async {
    let diagnostics = await withDiagnostics {
      // Set and put back without a suspension in between: a suite that sets its own handler
      // meanwhile never sees this one, and what is reported meanwhile goes where it went.
      let previous = ReactorFlowDiagnostics.globalHandler
      let value = ReportsWhenItGoes()
      ReactorFlowDiagnostics.globalHandler = { [value] diagnostic in
        _ = value
        if let previous {
          previous(diagnostic)
        } else {
          ReactorFlowDiagnostics.writeToStandardError(diagnostic.message)
        }
      }
      _ = consume value
      ReactorFlowDiagnostics.globalHandler = previous
    }
    #expect(diagnostics.messages == ["a handler's captured value went 3e9b"])
  }
}
