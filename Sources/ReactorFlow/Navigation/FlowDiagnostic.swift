/// What the coordinator reports instead of losing work or crashing.
///
/// Two diagnostics are equal when they are the same case with equal values. Their steps are
/// equal when they are of the same type and equal: with `==` when the step type is `Equatable`,
/// else when `String(reflecting:)` writes them the same way (an enum's case and associated
/// values, a struct's stored properties) — declare a step `Equatable` for an exact comparison.
public enum FlowDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// A step emitted while its presentable was hidden, dropped by the `.drop` policy.
  case droppedStep(step: any Step, flow: String, presentable: String)
  /// A step for a flow that has ended.
  case stepAfterEnd(step: any Step, flow: String)
  /// A step that was on its way when the flow it was for ended, or when the screen whose stepper
  /// emitted it was dismissed (and its contribution released).
  case stepAfterRelease(step: any Step)
  /// A step whose asynchronous `adapt(step:)` failed; it was not handled.
  case adaptFailed(step: any Step, flow: String, error: String)
  /// A step that `adapt(step:)` filtered out (returned no step).
  case filteredByAdapt(step: any Step, flow: String)
  /// `.forwardToParentFlow` or `.end` from the root flow: there is no parent.
  case noParentFlow(step: any Step, flow: String)
  /// `Flows.use` was given a block whose root type does not match the flow's root.
  case wrongRootType(flow: String, expected: String, actual: String)
  /// A flow waited on by `Flows.use(…, when: .ready)` whose stepper has no initial step.
  case mayNeverBeReady(flow: String, stepper: String)
  /// Not reported any more: `Flows.use(…, when: .ready)` outside a flow's `navigate(to:)` now
  /// waits until the flows are ready, as in RxFlow. Kept so that code matching it compiles.
  case readyOutsideNavigation(flows: String)
  /// A deep link rejected by its router; nothing navigated.
  case rejectedDeepLink(DeepLinkError)
  /// A step whose asynchronous `adapt(step:)` had not finished (or that waited behind one that
  /// had not) when its flow ended; it was not handled.
  case endedWhileAdapting(step: any Step, flow: String)
  /// A step the `.buffer` policy held while its presentable was hidden, discarded because the
  /// presentable was dismissed (or its flow ended) before it was visible again.
  case bufferedStepDiscarded(step: any Step, flow: String, presentable: String)
  /// A step for the root flow — from its stepper, or a deep link — after the root flow ended (its
  /// root was dismissed, or it returned `.end`); it was not handled.
  case stepAfterRootFlowEnded(step: any Step, flow: String)
  /// A flow waited on by `Flows.use(…, when: .ready)` ended before every flow of the call was
  /// ready: the block was not called, and the flows it held were released.
  case endedBeforeReady(flow: String)

  /// What happened and how to fix it.
  public var description: String {
    switch self {
    case .droppedStep(let step, let flow, let presentable):
      return """
        \(flow): dropped \(step) because \(presentable) was not visible when it was emitted. \
        To keep such steps, contribute it with `whenHidden: .buffer` (handled once visible) or \
        `.deliver` (handled at once).
        """
    case .stepAfterEnd(let step, let flow):
      return "\(flow) has ended, so \(step) was not handled. Send it to a flow that is still running."
    case .stepAfterRelease(let step):
      return """
        \(step) arrived after the flow it was for ended, or after the screen whose stepper \
        emitted it was dismissed, so it was not handled. Emit it before ending the flow, or \
        contribute the stepper with `allowStepWhenDismissed: true` to keep it until its flow ends.
        """
    case .adaptFailed(let step, let flow, let error):
      return """
        \(flow).adapt(step:) failed with \(error), so \(step) was not handled (navigate(to:) is \
        never called with a substitute). Catch the error in adapt and return the step to use.
        """
    case .filteredByAdapt(let step, let flow):
      return "\(flow).adapt(step:) returned no step for \(step): it was filtered out."
    case .noParentFlow(let step, let flow):
      return """
        \(flow) is the root flow, so \(step) could not be forwarded to a parent. Handle it in \
        \(flow), or return .none.
        """
    case .wrongRootType(let flow, let expected, let actual):
      return """
        Flows.use: the root of \(flow) is \(actual), not \(expected), so the block was not \
        called. Declare the block's parameter as \(actual) (or a type it inherits from).
        """
    case .mayNeverBeReady(let flow, let stepper):
      return """
        \(flow) is waited on by Flows.use(…, when: .ready) but its stepper \(stepper) has no \
        initial step: the flow becomes ready only when that stepper emits. Give it an initial \
        step (OneStepper(withSingleStep:)) or use `when: .created`.
        """
    case .readyOutsideNavigation(let flows):
      return """
        Flows.use(\(flows), when: .ready) was called outside a flow's navigate(to:), where no \
        coordinator can tell when the flows are ready; the block ran at once, as with .created. \
        Call it from navigate(to:), before returning the flows as contributors.
        """
    case .rejectedDeepLink(let error):
      return "A deep link was rejected: \(error)"
    case .endedWhileAdapting(let step, let flow):
      return """
        \(flow) ended while \(step) was waiting for its asynchronous adapt(step:), so it was not \
        handled. End the flow once its steps are adapted (send the ending step from navigate(to:) \
        after them), or adapt synchronously when the step must survive the end.
        """
    case .bufferedStepDiscarded(let step, let flow, let presentable):
      return """
        \(flow): discarded \(step), held by the `.buffer` policy while \(presentable) was hidden, \
        because \(presentable) was dismissed before it was visible again. Use `whenHidden: \
        .deliver` to handle such steps at once, or emit them from a stepper that outlives the screen.
        """
    case .stepAfterRootFlowEnded(let step, let flow):
      return """
        \(flow), the root flow, has ended (its root was dismissed, or it returned .end), so \(step) \
        was not handled. To keep the root flow running after its root is dismissed, coordinate it \
        with `coordinate(flow:with:allowStepWhenDismissed: true)`; otherwise coordinate a new root \
        flow before sending steps.
        """
    case .endedBeforeReady(let flow):
      return """
        \(flow) ended before every flow of its Flows.use(…, when: .ready) call was ready, so the \
        block was not called and the flows it held were released. Keep the flows running until \
        they have handled their first step, or use `when: .created`.
        """
    }
  }
}

extension FlowDiagnostic {
  /// Whether both are the same case with equal values (steps compared as the type's
  /// documentation says).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // A switch on `lhs` alone, exhaustive: a new case must say how it compares.
    switch lhs {
    case .droppedStep(let step, let flow, let presentable):
      guard case .droppedStep(let other, flow, presentable) = rhs else { return false }
      return same(step, other)
    case .stepAfterEnd(let step, let flow):
      guard case .stepAfterEnd(let other, flow) = rhs else { return false }
      return same(step, other)
    case .stepAfterRelease(let step):
      guard case .stepAfterRelease(let other) = rhs else { return false }
      return same(step, other)
    case .adaptFailed(let step, let flow, let error):
      guard case .adaptFailed(let other, flow, error) = rhs else { return false }
      return same(step, other)
    case .filteredByAdapt(let step, let flow):
      guard case .filteredByAdapt(let other, flow) = rhs else { return false }
      return same(step, other)
    case .noParentFlow(let step, let flow):
      guard case .noParentFlow(let other, flow) = rhs else { return false }
      return same(step, other)
    case .wrongRootType(let flow, let expected, let actual):
      guard case .wrongRootType(flow, expected, actual) = rhs else { return false }
      return true
    case .mayNeverBeReady(let flow, let stepper):
      guard case .mayNeverBeReady(flow, stepper) = rhs else { return false }
      return true
    case .readyOutsideNavigation(let flows):
      guard case .readyOutsideNavigation(flows) = rhs else { return false }
      return true
    case .rejectedDeepLink(let error):
      guard case .rejectedDeepLink(error) = rhs else { return false }
      return true
    case .endedWhileAdapting(let step, let flow):
      guard case .endedWhileAdapting(let other, flow) = rhs else { return false }
      return same(step, other)
    case .bufferedStepDiscarded(let step, let flow, let presentable):
      guard case .bufferedStepDiscarded(let other, flow, presentable) = rhs else { return false }
      return same(step, other)
    case .stepAfterRootFlowEnded(let step, let flow):
      guard case .stepAfterRootFlowEnded(let other, flow) = rhs else { return false }
      return same(step, other)
    case .endedBeforeReady(let flow):
      guard case .endedBeforeReady(flow) = rhs else { return false }
      return true
    }
  }

  /// Whether two steps are of the same type and equal: by `==` when the type is `Equatable`, else
  /// by their `String(reflecting:)`.
  private static func same(_ lhs: any Step, _ rhs: any Step) -> Bool {
    equalValues(lhs, rhs) ?? (String(reflecting: lhs) == String(reflecting: rhs))
  }
}
