extension ReactorFlowDiagnostics {
  /// Receives every diagnostic that no task-local ``handler`` receives, from any thread; `nil` (the
  /// default) writes them to standard error.
  ///
  /// Set it once, at launch, before the app starts its flows: diagnostics reported outside any
  /// task — a UIKit callback, a delegate method — reach it, which a task-local handler never sees.
  /// Inside the scope of a task-local ``handler`` (a test's `withDiagnostics`), that handler
  /// receives them instead. It is called on the thread that reports, without a lock held, so it may
  /// be called from several threads at once.
  ///
  /// ```swift
  /// ReactorFlowDiagnostics.globalHandler = { diagnostic in
  ///   print("ReactorFlow:", ReactorFlowDiagnostics.escaped(diagnostic.message))
  /// }
  /// ```
  public static var globalHandler: (@Sendable (Diagnostic) -> Void)? {
    get { DiagnosticsRouting.shared.withLock { $0.handler } }
    set {
      // The handler replaced is the app's closure: returned, and destroyed after unlocking (what
      // it captured may report a diagnostic as it goes, which takes this lock: not re-entrant).
      _ = DiagnosticsRouting.shared.withLock { routing in
        let replaced = routing.handler
        routing.handler = newValue
        return replaced
      }
    }
  }
}

/// Where diagnostics go besides the task-local handler: the global handler, and the recorders
/// that record them (held weakly: a recorder is released with whatever records into it).
struct DiagnosticsRouting: Sendable {
  struct WeakRecorder: Sendable {
    weak var recorder: JournalRecorder?
  }

  var handler: (@Sendable (ReactorFlowDiagnostics.Diagnostic) -> Void)?
  var recorders: [WeakRecorder] = []

  static let shared = LockedState(DiagnosticsRouting())

  /// Has `recorder` record every diagnostic from now on (once, however often it is called).
  static func addRecorder(_ recorder: JournalRecorder) {
    // Reading a weak reference makes a strong one: if another thread lets go of a recorder
    // meanwhile, the last release comes with ours, and the recorder's `deinit` destroys what it
    // recorded, whose `deinit` may report a diagnostic. The recorders read are kept, and let go
    // after unlocking (the lock is not re-entrant).
    var alive: [JournalRecorder] = []
    shared.withLock { routing in
      alive = routing.recorders.compactMap(\.recorder)
      if !alive.contains(where: { $0 === recorder }) { alive.append(recorder) }
      routing.recorders = alive.map { WeakRecorder(recorder: $0) }
    }
    alive.removeAll()
  }
}
