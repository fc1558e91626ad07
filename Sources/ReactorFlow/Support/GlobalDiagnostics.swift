extension ReactorFlowDiagnostics {
  /// A diagnostic as ``globalHandler`` receives it: the typed value ReactorFlow reported, and its
  /// text.
  ///
  /// Match the value to react to one kind of diagnostic:
  ///
  /// ```swift
  /// ReactorFlowDiagnostics.globalHandler = { diagnostic in
  ///   switch diagnostic.value {
  ///   case let flow as FlowDiagnostic: print("navigation:", flow)
  ///   case let reactor as ReactorDiagnostic: print("reactor:", reactor)
  ///   default: print(diagnostic.message)
  ///   }
  /// }
  /// ```
  public struct Diagnostic: Sendable, CustomStringConvertible {
    /// What was reported: a ``ReactorDiagnostic``, a ``FlowDiagnostic``, a
    /// `ScreenTreeDiagnostic` (ReactorFlowHeadless), or a `String` for a diagnostic reported as
    /// text only (``ReactorFlowDiagnostics/emit(_:)``).
    public let value: any Sendable & CustomStringConvertible

    /// A diagnostic that reports `value`.
    public init(_ value: any Sendable & CustomStringConvertible) {
      self.value = value
    }

    /// What happened and how to fix it. It may quote untrusted text (a deep link, an error's
    /// description): write it through ``ReactorFlowDiagnostics/escaped(_:)`` to a terminal or a
    /// log.
    public var message: String { value.description }

    /// The same as ``message``.
    public var description: String { message }
  }

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
    set { DiagnosticsRouting.shared.withLock { $0.handler = newValue } }
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
    shared.withLock { routing in
      routing.recorders.removeAll { $0.recorder == nil }
      if !routing.recorders.contains(where: { $0.recorder === recorder }) {
        routing.recorders.append(WeakRecorder(recorder: recorder))
      }
    }
  }
}
