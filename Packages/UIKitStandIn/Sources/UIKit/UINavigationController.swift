import Foundation

/// UIKit's `UINavigationControllerDelegate` (the two `show` callbacks).
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
  /// Does nothing unless implemented.
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  /// Does nothing unless implemented.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
}

/// UIKit's `UINavigationController`: a stack whose top is shown.
///
/// A push calls, in order: the delegate's `willShow`, the old top's `viewWillDisappear`, the new
/// top's `viewWillAppear`, the old top's `viewDidDisappear`, the new top's `viewDidAppear`, the
/// delegate's `didShow`, then the new top's `didMove(toParent:)`. A pop mirrors it, with
/// `isMovingFromParent` true in the popped view controller's callbacks and its
/// `didMove(toParent: nil)` last. View controllers removed from the middle of the stack get no
/// appearance callbacks.
@MainActor
open class UINavigationController: UIViewController {
  /// The stack, bottom first.
  public private(set) var stack: [UIViewController] = []
  /// The delegate (UIKit keeps it weakly).
  public weak var delegate: UINavigationControllerDelegate?

  /// A navigation controller whose stack is `[rootViewController]`.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    setViewControllers([rootViewController], animated: false)
  }

  /// UIKit's designated initializer; the stack is empty.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// The stack, bottom first. Assigning it is `setViewControllers(_:animated: false)`.
  public var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The top of the stack.
  public var topViewController: UIViewController? { stack.last }

  /// What is on screen: a view controller the top presents, or the top.
  public var visibleViewController: UIViewController? {
    presentedViewController ?? topViewController
  }

  override var shownChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

  /// Pushes `viewController` on the stack. Pushing one that is already in the stack is a
  /// programming error in UIKit; the stand-in logs it (see ``UIViewController/warnings``) and
  /// ignores it.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    if stack.contains(where: { $0 === viewController }) {
      Self.warnings.append("Pushing the same view controller instance more than once is not supported.")
      return
    }
    let old = topViewController
    attach(viewController)
    stack.append(viewController)
    viewController.isMovingToParent = true
    transition(from: old, to: viewController, animated: animated)
    viewController.isMovingToParent = false
    viewController.didMove(toParent: self)
  }

  /// Pops the top view controller and returns it; `nil` if only the root is left.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard stack.count > 1 else { return nil }
    return pop(to: stack[stack.count - 2], animated: animated).last
  }

  /// Pops everything above the root; returns what was popped.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = stack.first else { return nil }
    return pop(to: root, animated: animated)
  }

  /// Pops everything above `viewController`; returns what was popped.
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard stack.contains(where: { $0 === viewController }) else { return nil }
    return pop(to: viewController, animated: animated)
  }

  /// Replaces the stack. Removed view controllers leave; the new top appears if shown. The old
  /// top, if removed, has `isMovingFromParent` in its callbacks (a pop is this replacement).
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    let old = topViewController
    replaceChildren(stack, with: viewControllers) {
      stack = viewControllers
      let newTop = topViewController
      let oldLeaves = old.map { top in !viewControllers.contains { $0 === top } } ?? false
      if oldLeaves { old?.isMovingFromParent = true }
      if newTop !== old { transition(from: old, to: newTop, animated: animated) }
      if oldLeaves { old?.isMovingFromParent = false }
    }
  }

  private func pop(to target: UIViewController, animated: Bool) -> [UIViewController] {
    guard let index = stack.firstIndex(where: { $0 === target }), index < stack.count - 1 else { return [] }
    let popped = Array(stack[(index + 1)...])
    setViewControllers(Array(stack[...index]), animated: animated)
    return popped
  }

  /// The appearance callbacks and delegate calls of a change of top, if this is on screen.
  private func transition(from old: UIViewController?, to new: UIViewController?, animated: Bool) {
    guard isShown else { return }
    if let new { delegate?.navigationController(self, willShow: new, animated: animated) }
    Self.swapAppearance(from: old, to: new, animated: animated)
    if let new { delegate?.navigationController(self, didShow: new, animated: animated) }
  }

  // MARK: - Stand-in only: the back swipe

  /// Stand-in only (no UIKit API): the user swipes back from the left edge and lets go past
  /// the threshold (`completes`: the top is popped) or before it (the pop is cancelled).
  ///
  /// UIKit calls the top's `viewWillDisappear` (with `isMovingFromParent`) and the one below's
  /// `viewWillAppear`; a completed swipe then calls `viewDidDisappear` / `viewDidAppear` and
  /// `didShow`; a cancelled one calls the one below's `viewWillDisappear` / `viewDidDisappear`
  /// and the top's `viewWillAppear` / `viewDidAppear`, and the stack is unchanged.
  public func standInInteractivePop(completes: Bool) {
    guard stack.count > 1, isShown, let top = topViewController else { return }
    let below = stack[stack.count - 2]
    if completes {
      _ = popViewController(animated: true)
      return
    }
    delegate?.navigationController(self, willShow: below, animated: true)
    top.isMovingFromParent = true
    top.beginAppearanceTransition(false, animated: true)
    below.beginAppearanceTransition(true, animated: true)
    top.isMovingFromParent = false
    below.beginAppearanceTransition(false, animated: true)
    below.endAppearanceTransition()
    top.beginAppearanceTransition(true, animated: true)
    top.endAppearanceTransition()
  }
}
