/// The task-local values ReactorFlow's own work relies on — the leak recorder (``LiveObjects``)
/// and the diagnostics handler (``ReactorFlowDiagnostics``) — captured where a pipeline is made,
/// and bound again around the work that reaches it from other threads.
///
/// Task-local values follow a task and the tasks it starts, not the work it hands over: a step or
/// an action accepted on another thread (a detached task, a network callback) is drained on the
/// main actor by a task that its sender started, where neither the test's recorder nor its
/// handler is bound. The work is the pipeline's, so it runs with the values of the code that
/// made the pipeline.
struct CapturedTaskLocals: Sendable {
  let recorder: LiveObjects?
  let handler: ReactorFlowDiagnostics.Handler?

  /// The values bound in the current task (none outside of a task).
  static func capture() -> CapturedTaskLocals {
    CapturedTaskLocals(recorder: LiveObjects.recorder, handler: ReactorFlowDiagnostics.handler)
  }

  /// Runs `body` with the captured values bound; a value that was not bound at the capture is
  /// left as it is now.
  func bind<Result>(_ body: () throws -> Result) rethrows -> Result {
    switch (recorder, handler) {
    case (nil, nil):
      return try body()
    case (let recorder?, nil):
      return try LiveObjects.$recorder.withValue(recorder, operation: body)
    case (nil, let handler?):
      return try ReactorFlowDiagnostics.$handler.withValue(handler, operation: body)
    case (let recorder?, let handler?):
      return try LiveObjects.$recorder.withValue(recorder) {
        try ReactorFlowDiagnostics.$handler.withValue(handler, operation: body)
      }
    }
  }
}
