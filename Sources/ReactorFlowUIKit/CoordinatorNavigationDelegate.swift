#if canImport(UIKit)
  import Foundation

  /// The navigation-delegate `didShow` technique of the classic Coordinator pattern:
  /// when the user goes back past a view controller a coordinator pushed — back button, back
  /// swipe, pop to root — that coordinator finishes and leaves its parent's `childCoordinators`.
  ///
  /// Set it as the navigation controller's delegate (it takes the delegate slot, as the technique
  /// does) and register what each coordinator pushes:
  ///
  /// ```swift
  /// final class MainCoordinator: Coordinator {
  ///   var childCoordinators: [Coordinator] = []
  ///   let navigationController: UINavigationController
  ///   let backTracker = CoordinatorNavigationDelegate()
  ///
  ///   init(navigationController: UINavigationController) {
  ///     self.navigationController = navigationController
  ///   }
  ///
  ///   func start() {
  ///     navigationController.delegate = backTracker
  ///     navigationController.pushViewController(DiaryListViewController(), animated: false)
  ///   }
  ///
  ///   func showDiaryDetail(_ diary: Diary) {
  ///     let child = DiaryDetailCoordinator(navigationController: navigationController, diary: diary)
  ///     start(child: child)   // pushes the detail screen
  ///     backTracker.finish(child, whenPopped: navigationController.topViewController!)
  ///   }
  /// }
  /// ```
  ///
  /// A coordinator's `finish(whenDismissed:)` (ReactorFlow's Coordinator) does the same through
  /// the view controller's dismissal signal, without the delegate.
  @MainActor
  public final class CoordinatorNavigationDelegate: NSObject, UINavigationControllerDelegate {
    private struct Registration {
      weak var controller: UIViewController?
      weak var coordinator: Coordinator?
      /// The parent that finishes the coordinator, when it was named.
      weak var parent: Coordinator?
    }

    private var registrations: [Registration] = []

    /// Creates a delegate with nothing registered.
    public override init() {
      super.init()
    }

    /// Finishes `coordinator` once `viewController` is no longer in the navigation stack when the
    /// navigation controller shows a view controller.
    ///
    /// The coordinator leaves its parent's `childCoordinators` through its `parentCoordinator`; one
    /// that does not declare `weak var parentCoordinator: Coordinator?` cannot, which is reported
    /// here — register it with ``finish(_:of:whenPopped:)`` instead.
    public func finish(_ coordinator: Coordinator, whenPopped viewController: UIViewController) {
      if coordinator.parentCoordinator == nil {
        ReactorFlowDiagnostics.emit(
          """
          \(type(of: coordinator)) has no parentCoordinator, so finishing it when \
          \(type(of: viewController)) is popped cannot remove it from its parent's \
          childCoordinators. Declare `weak var parentCoordinator: Coordinator?` in it, or register \
          it with `finish(_:of:whenPopped:)`, naming its parent.
          """)
      }
      registrations.append(Registration(controller: viewController, coordinator: coordinator))
    }

    /// Finishes `child` — and removes it from `parent`'s `childCoordinators`, whether or not it
    /// declares `parentCoordinator` — once `viewController` is no longer in the navigation stack.
    public func finish(
      _ child: Coordinator, of parent: Coordinator, whenPopped viewController: UIViewController
    ) {
      registrations.append(Registration(controller: viewController, coordinator: child, parent: parent))
    }

    /// How many registrations wait for their view controller to be popped.
    public var pending: Int {
      registrations.filter { $0.coordinator != nil }.count
    }

    /// Finishes the coordinators whose registered view controller left the stack.
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
      let stack = navigationController.viewControllers
      var popped: [(coordinator: Coordinator, parent: Coordinator?)] = []
      registrations.removeAll { registration in
        guard let coordinator = registration.coordinator else { return true }
        // Released already, or no longer in the stack: popped.
        if let controller = registration.controller, stack.contains(where: { $0 === controller }) {
          return false
        }
        popped.append((coordinator, registration.parent))
        return true
      }
      for (coordinator, parent) in popped {
        if let parent {
          parent.finish(child: coordinator)
        } else {
          coordinator.finish()
        }
      }
    }
  }
#endif
