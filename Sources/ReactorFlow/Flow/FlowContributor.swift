/// What to do with a step emitted while its presentable is not visible.
public enum HiddenStepPolicy: Sendable, Equatable {
  /// Drop it, and report it on the coordinator's diagnostics (RxFlow's default).
  case drop
  /// Keep it, and handle it when the presentable becomes visible again.
  case buffer
  /// Handle it anyway (RxFlow's `allowStepWhenNotPresented: true`).
  case deliver
}

/// One thing that contributes the next steps of a flow.
@MainActor
public enum FlowContributor {
  /// `presentable` is shown; `stepper` emits its next steps. If `presentable` is a ``Flow``,
  /// that flow starts as a child and handles the stepper's steps; otherwise the current flow
  /// does. Steps emitted while `presentable` is hidden follow `whenHidden` (the first step always
  /// passes). The pair is released when `presentable` is dismissed — or, with
  /// `allowStepWhenDismissed`, when the current flow ends.
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

/// What a flow's ``Flow/navigate(to:)`` returns.
@MainActor
public enum FlowContributors {
  /// Several contributors (a tab bar of flows).
  case multiple(flowContributors: [FlowContributor])
  /// One contributor.
  case one(flowContributor: FlowContributor)
  /// Ends the current flow (releasing it, its children and its contributions), then sends
  /// `step` to the parent flow.
  case end(forwardToParentFlowWithStep: Step)
  /// Nothing more.
  case none

  /// Several contributors.
  public static func multiple(_ flowContributors: FlowContributor...) -> FlowContributors {
    .multiple(flowContributors: flowContributors)
  }
}
