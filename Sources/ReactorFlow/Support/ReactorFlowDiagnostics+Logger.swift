#if canImport(os)
  import os

  extension ReactorFlowDiagnostics {
    /// A ``globalHandler`` that writes each diagnostic to `logger` at `level`, its control
    /// characters escaped (a diagnostic may quote untrusted text, which must not forge a line of
    /// the log).
    ///
    /// A diagnostic may quote what the user typed or a deep link: it is logged as private data
    /// (shown as `<private>` outside a debugging session) unless `isPublic` is `true`. Set it at
    /// launch: `ReactorFlowDiagnostics.globalHandler = ReactorFlowDiagnostics.forwarding(to:
    /// Logger(subsystem: "com.example.diary", category: "ReactorFlow"))`.
    public static func forwarding(
      to logger: Logger, level: OSLogType = .error, isPublic: Bool = false
    ) -> @Sendable (Diagnostic) -> Void {
      { diagnostic in
        let text = escaped(diagnostic.message)
        // The privacy of an interpolation must be a literal for the log's compile-time encoding.
        if isPublic {
          logger.log(level: level, "\(text, privacy: .public)")
        } else {
          logger.log(level: level, "\(text, privacy: .private)")
        }
      }
    }
  }
#endif
