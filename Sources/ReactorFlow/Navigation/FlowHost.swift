/// A coordinator that hosts a ``Flow``: starting it coordinates the flow; it finishes when the
/// flow's root is dismissed. Use it to move one part of a Coordinator app to flows.
///
/// ```swift
/// appCoordinator.start(child: FlowHost(flow: SettingsFlow(), with: OneStepper(withSingleStep: AppStep.settingsAreRequired)))
/// ```
@MainActor
public final class FlowHost: Coordinator {
  /// The host's children (see ``Coordinator/childCoordinators``).
  public var childCoordinators: [Coordinator] = []
  /// The coordinator that started the host.
  public weak var parentCoordinator: Coordinator?
  /// The coordinator driving the hosted flow.
  public let flowCoordinator = FlowCoordinator()
  private let flow: Flow
  private let stepper: Stepper

  /// Hosts `flow`, whose steps `stepper` emits.
  public init(flow: Flow, with stepper: Stepper) {
    self.flow = flow
    self.stepper = stepper
  }

  /// Starts the flow with its stepper; the host finishes when the flow's root is dismissed.
  public func start() {
    finish(whenDismissed: flow)
    flowCoordinator.coordinate(flow: flow, with: stepper)
  }
}
