/// The classic Coordinator pattern: an object that owns a piece of navigation, starts
/// child coordinators and forgets them when they finish.
///
/// An existing app's coordinator adopts it as it is — `childCoordinators` and `start()` are all it needs:
///
/// ```swift
/// final class AppCoordinator: Coordinator {
///   var childCoordinators: [Coordinator] = []
///   let navigationController = NavigationStack()
///
///   func start() {
///     navigationController.pushViewController(Screen(title: "Diaries"))
///   }
///
///   func showDiaryDetail(_ diary: Diary) {
///     let child = DiaryDetailCoordinator(navigationController: navigationController, diary: diary)
///     start(child: child)  // added to childCoordinators, then started
///   }
///
///   func detailDidFinish(_ child: DiaryDetailCoordinator) {
///     finish(child: child)  // finished, and removed from childCoordinators
///   }
/// }
/// ```
///
/// ReactorFlow removes the delegate chains the pattern usually needs: a child that declares
/// `weak var parentCoordinator: Coordinator?` knows its parent (``start(child:)`` sets it), so
/// ``finish()`` removes it from its parent by itself — and ``finish(whenDismissed:)`` does that
/// when the user goes back. See the "Migrating from the Coordinator pattern" article.
@MainActor
public protocol Coordinator: AnyObject {
  /// The children started by this coordinator and not finished yet.
  var childCoordinators: [Coordinator] { get set }
  /// The coordinator that started this one. Optional: declare it (`weak`) to let ``finish()``
  /// leave the parent by itself; without it, the parent removes the child with
  /// ``finish(child:)``.
  var parentCoordinator: Coordinator? { get set }
  /// Shows the coordinator's first screen.
  func start()
}

extension Coordinator {
  /// By default a coordinator does not know its parent (`nil`; setting it does nothing): declare
  /// `weak var parentCoordinator: Coordinator?` to let ``finish()`` leave the parent by itself.
  public var parentCoordinator: Coordinator? {
    get { nil }
    set {}
  }

  /// Adds `child` to ``childCoordinators`` and starts it.
  public func start(child: Coordinator) {
    LiveObjects.note(child, "coordinator \(type(of: child))")
    child.parentCoordinator = self
    childCoordinators.append(child)
    child.start()
  }

  /// Finishes this coordinator: its children first, then it leaves its parent's
  /// ``childCoordinators`` (which releases it, unless something else holds it). A coordinator
  /// that does not declare ``parentCoordinator`` cannot find its parent: its parent calls
  /// ``finish(child:)`` instead.
  public func finish() {
    for child in childCoordinators { child.finish() }
    childCoordinators.removeAll()
    parentCoordinator?.childCoordinators.removeAll { $0 === self }
    parentCoordinator = nil
  }

  /// Finishes `child` (its children first) and removes it from ``childCoordinators`` — the
  /// parent's side of ``finish()``, for a child that does not declare ``parentCoordinator``
  /// (the classic pattern's `childDidFinish(_:)`).
  public func finish(child: Coordinator) {
    child.finish()
    childCoordinators.removeAll { $0 === child }
  }

  /// Finishes `child` (see ``finish(child:)``) when `presentable` is dismissed — popped, swiped
  /// back, its modal closed. For a child that declares ``parentCoordinator``,
  /// `child.finish(whenDismissed:)` does the same.
  @discardableResult
  public func finish(child: Coordinator, whenDismissed presentable: Presentable) -> AnyDisposable {
    presentable.onDismissed { [weak self, weak child] in
      guard let self, let child else { return }
      self.finish(child: child)
    }
  }

  /// Finishes this coordinator when `presentable` is dismissed — popped, swiped back, its modal
  /// closed — the headless form of the navigation-delegate `didShow` technique.
  @discardableResult
  public func finish(whenDismissed presentable: Presentable) -> AnyDisposable {
    presentable.onDismissed { [weak self] in self?.finish() }
  }
}
