/// Runs an ``Effect`` to its end from asynchronous code: the flow coordinator's asynchronous
/// `adapt(step:)` uses it. The walk is ``EffectRunner``'s, as for reactors.
@MainActor
enum EffectDriver {
  /// Runs `effect` to its end on the main actor (each operation in a task of its own, on the
  /// main actor too), delivering its elements in order; throws the error that ended it. Cancelling the calling task cancels
  /// every part still running and skips the parts not started.
  static func drive<E>(
    _ effect: Effect<E>, deliver: @escaping @MainActor @Sendable (E) -> Void
  ) async throws {
    let tasks = LockedState(TaskRegistry())
    var runner = EffectRunner<E>(
      tasks: tasks, emit: deliver, fail: { _ in }, resume: { $0() })
    runner.owner = { "A flow's adapt(step:)" }
    try await withTaskCancellationHandler {
      let failure = await withCheckedContinuation { (finished: CheckedContinuation<(any Error)?, Never>) in
        runner.run(effect) { failure in finished.resume(returning: failure) }
      }
      // Cancelled: whatever the cancelled parts threw, the drive was cancelled.
      try Task.checkCancellation()
      if let failure { throw failure }
    } onCancel: {
      for cancel in tasks.withLock({ $0.close() }) { cancel() }
    }
  }
}
