/// The classic Coordinator pattern (seed 001): an object that owns a piece of navigation, starts
/// child coordinators and forgets them when they finish.
///
/// ReactorFlow removes the delegate chains the pattern usually needs: a child knows its parent
/// (one `weak var`), ``start(child:)`` adds and starts it, ``finish()`` removes it — and
/// ``finish(whenDismissed:)`` does that when the user goes back.
///
/// ```swift
/// final class DiaryDetailCoordinator: Coordinator {
///   var childCoordinators: [Coordinator] = []
///   weak var parentCoordinator: Coordinator?
///   let navigationController: NavigationStack
///
///   func start() {
///     let detail = DiaryDetailScreen(diary: diary)
///     navigationController.pushViewController(detail)
///     finish(whenDismissed: detail)
///   }
/// }
/// ```
@MainActor
public protocol Coordinator: AnyObject {
  /// The children started by this coordinator and not finished yet.
  var childCoordinators: [Coordinator] { get set }
  /// The coordinator that started this one; declare it `weak`.
  var parentCoordinator: Coordinator? { get set }
  /// Shows the coordinator's first screen.
  func start()
}

extension Coordinator {
  /// Adds `child` to ``childCoordinators`` and starts it.
  public func start(child: Coordinator) {
    LiveObjects.note(child, "coordinator \(type(of: child))")
    child.parentCoordinator = self
    childCoordinators.append(child)
    child.start()
  }

  /// Finishes this coordinator: its children first, then it leaves its parent's
  /// ``childCoordinators`` (which releases it, unless something else holds it).
  public func finish() {
    for child in childCoordinators { child.finish() }
    childCoordinators.removeAll()
    parentCoordinator?.childCoordinators.removeAll { $0 === self }
    parentCoordinator = nil
  }

  /// Finishes this coordinator when `presentable` is dismissed — popped, swiped back, its modal
  /// closed — the headless form of the navigation-delegate `didShow` technique.
  @discardableResult
  public func finish(whenDismissed presentable: Presentable) -> AnyDisposable {
    presentable.onDismissed { [weak self] in self?.finish() }
  }
}
