/// The one object an ``EffectRunner`` works for — a reactor's store (or, for its
/// `transform(action:)` streams, an `ActionStageOwner`), a flow's node: the runner
/// calls it directly for everything that is not the walk itself.
///
/// The asynchronous return trip is `Send` → the operation in flight (``RunningOperation``: its status) →
/// ``enter(_:)`` → the runner's emission with the operation's run number (a store's is
/// ``ReactorStore/deliver(_:run:)``, which records and reduces). A runner holds its owner weakly:
/// once the owner is gone, what its tasks still send is dropped.
@MainActor
protocol EffectOwner: AnyObject, Sendable {
  /// Runs `body` — an operation's element, a timer's firing, the walk after an operation — inside
  /// the owner's re-entrancy guard, or drops it once the owner is done (a flow ended).
  func enter(_ body: () -> Void)
  /// An operation's error ended run `run` (its number; what the owner makes of the error is that
  /// run's output).
  func fail(_ error: any Error, run: Int?)
  /// Numbers a run that branches or goes asynchronous, in the order they do; `nil` when the
  /// owner does not number its runs (a flow's adaptations: a replay drives them through the
  /// inputs it feeds).
  func numberRun() -> Int?
  /// Whether the asynchronous parts of this owner's effects are not started (see
  /// ``EffectSubstitution``): read where one would start.
  var substitutesEffects: Bool { get }
  /// Names the owner in ``ReactorDiagnostic/sendAfterOperationEnded(owner:)``: its type's, so
  /// that an operation keeps it (as a metatype) for a `send` called after the owner is gone.
  nonisolated static var effectOwnerName: String { get }
}

/// Whether the asynchronous parts of reactors' effects start — a `.run` operation, an
/// `AsyncSequence` fed into an ``Effect``, a debounce, throttle or delay timer — or are
/// substituted: a replay delivers the outputs a journal recorded instead.
///
/// It is a task-local value, read where an asynchronous part would start: the reactors a replay
/// creates (in a flow's `navigate`, for a screen's load-time action, in a task that the replay's
/// task started) are in the mode before their first action, whoever creates them. The
/// synchronous parts of effects (`.send`, `.just`, what precedes the first asynchronous part)
/// run as usual; the walk of an effect stops at its first asynchronous part.
package enum EffectSubstitution {
  /// Whether effects' asynchronous parts are substituted in this task.
  @TaskLocal package static var isOn = false

  /// Runs `body` with effects' asynchronous parts substituted (not started).
  package static func substituting<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    try await $isOn.withValue(true, operation: body)
  }
}
