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
