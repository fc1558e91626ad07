/// A step a flow is about to handle or has handled (the coordinator's will/did-navigate).
public struct NavigationEvent: Sendable, CustomStringConvertible {
  /// The flow handling the step.
  public let flow: any Flow
  /// The step.
  public let step: any Step

  /// The flow's type and the step: `flow=HomeFlow step=homeIsRequired`.
  public var description: String {
    "flow=\(type(of: flow)) step=\(step)"
  }
}
