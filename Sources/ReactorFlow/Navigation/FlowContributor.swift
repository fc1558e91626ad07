/// One thing that contributes the next steps of a flow.
@MainActor
public enum FlowContributor {
  /// `presentable` is shown; `stepper` emits its next steps. If `presentable` is a ``Flow``,
  /// that flow starts as a child and handles the stepper's steps; otherwise the current flow
  /// does. Steps emitted while `presentable` is hidden follow `whenHidden` (the first step always
  /// passes). The pair is released when `presentable` is dismissed — or, with
  /// `allowStepWhenDismissed`, when the current flow ends. A child flow likewise ends when its
  /// root is dismissed — or, with `allowStepWhenDismissed`, when it returns `.end` or the current
  /// flow ends.
  case contribute(
    withNextPresentable: Presentable, withNextStepper: Stepper, whenHidden: HiddenStepPolicy,
    allowStepWhenDismissed: Bool)
  /// Sends `step` to the current flow, after the step being handled.
  case forwardToCurrentFlow(withStep: Step)
  /// Sends `step` to the parent flow.
  case forwardToParentFlow(withStep: Step)

  /// RxFlow's spelling: hidden steps are dropped unless `allowStepWhenNotPresented`.
  public static func contribute(
    withNextPresentable presentable: Presentable, withNextStepper stepper: Stepper,
    allowStepWhenNotPresented: Bool = false, allowStepWhenDismissed: Bool = false
  ) -> FlowContributor {
    .contribute(
      withNextPresentable: presentable, withNextStepper: stepper,
      whenHidden: allowStepWhenNotPresented ? .deliver : .drop,
      allowStepWhenDismissed: allowStepWhenDismissed)
  }

  /// Something that is both presentable and stepper (a screen that emits steps, a flow that is
  /// its own stepper).
  public static func contribute(withNext nextPresentableAndStepper: Presentable & Stepper)
    -> FlowContributor
  {
    .contribute(withNextPresentable: nextPresentableAndStepper, withNextStepper: nextPresentableAndStepper)
  }
}
