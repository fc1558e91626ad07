/// RxFlow's standard steps.
///
/// ``DefaultStepper`` emits ``home``, as in RxFlow: a flow coordinated without a stepper of its
/// own (`coordinator.coordinate(flow: appFlow)`) receives `RxFlowStep.home` first.
///
/// ```swift
/// func navigate(to step: Step) -> FlowContributors {
///   switch step {
///   case RxFlowStep.home: return navigateToHome()
///   default: return .none
///   }
/// }
/// ```
public enum RxFlowStep: Step, Equatable {
  /// A flow's first step, when nothing more specific is needed.
  case home
}
