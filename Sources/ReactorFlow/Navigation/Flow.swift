/// A navigation area of the app: it turns each ``Step`` into navigation on its ``root`` and says,
/// with ``FlowContributors``, what comes next.
///
/// ```swift
/// final class HomeFlow: Flow {
///   var root: Presentable { navigationController }
///   private let navigationController = NavigationStack()
///
///   func navigate(to step: Step) -> FlowContributors {
///     guard let step = step as? AppStep else { return .none }
///     switch step {
///     case .homeIsRequired:
///       let screen = HomeScreen()
///       navigationController.pushViewController(screen)
///       return .one(flowContributor: .contribute(withNext: screen))
///     default:
///       return .none
///     }
///   }
/// }
/// ```
///
/// A flow is presentable through its root: it is visible when its root is, and dismissed when
/// its root is.
@MainActor
public protocol Flow: Presentable {
  /// What the flow shows: a window, a container, a screen.
  var root: Presentable { get }

  /// Performs the navigation `step` asks for and returns what contributes next steps.
  func navigate(to step: Step) -> FlowContributors

  /// Adapts a step before ``navigate(to:)`` sees it: returns it (the default), another step,
  /// several, none (`.none` filters it out), or decides asynchronously (`.run { send in … }`).
  /// Steps are still handled in the order they were emitted, however long adapting takes.
  func adapt(step: Step) -> Effect<Step>
}

extension Flow {
  /// By default, every step is handled as it is.
  public func adapt(step: Step) -> Effect<Step> {
    // Lets the coordinator skip this call for the flow's later steps.
    DefaultAdaptation.note(self)
    return .just(step)
  }

  /// Whether the flow's ``root`` is visible.
  public var isVisible: Bool { root.isVisible }
  /// Whether the flow's ``root`` was dismissed.
  public var isDismissed: Bool { root.isDismissed }

  /// Calls `handler` on each change of the ``root``'s visibility.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
    root.onVisibilityChange(handler)
  }

  /// Calls `handler` once, when the ``root`` is dismissed.
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    root.onDismissed(handler)
  }
}
