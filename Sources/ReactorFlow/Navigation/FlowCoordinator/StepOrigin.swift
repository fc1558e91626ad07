/// Where a step on its way to a flow came from, which decides what happens if the flow has ended
/// by the time the step's turn comes.
enum StepOrigin: Equatable {
  /// Emitted for this flow (by its stepper, a contribution, a forward or an `.end`): a flow
  /// that has ended reports it (``FlowDiagnostic/stepAfterEnd(step:flow:)``).
  case stepper
  /// A deep link sent to every live flow (``FlowCoordinator/navigate(to:)``): a flow that ended
  /// while it went round is skipped silently, as one that no longer exists.
  case deepLink
}
