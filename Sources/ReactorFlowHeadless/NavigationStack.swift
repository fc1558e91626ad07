import ReactorFlow

/// A headless `UINavigationController`: a stack of screens whose top is shown.
///
/// The `animated` flags are UIKit's: passed on to the appearance callbacks; every change is
/// applied at once.
@MainActor
open class NavigationStack: Screen {
  /// The stack, bottom first. Assigning it is `setViewControllers(_:animated: false)`.
  public var viewControllers: [Screen] {
    get { stack.contents }
    set { setViewControllers(newValue, animated: false) }
  }
  /// The stack's storage (see `MainActorCell`).
  private let stack = MainActorCell<[Screen]>([])

  /// Creates a stack, optionally with a root screen.
  public init(rootViewController: Screen? = nil, title: String = "") {
    super.init(title: title)
    if let rootViewController { setViewControllers([rootViewController], animated: false) }
  }

  /// The screens of the stack, in order.
  open override var children: [Screen] { stack.contents }
  /// The top screen.
  open override var shownChild: Screen? { stack.contents.last }
  /// `"navigation"` in the rendered tree.
  open override var kind: String { "navigation" }

  /// The screen on top.
  public var topViewController: Screen? { stack.contents.last }

  /// What is on screen: the modal presented from the stack, else its top (UIKit's definition).
  public var visibleViewController: Screen? { presentedViewController ?? topViewController }

  /// Pushes `screen` on top; it becomes the shown screen (taken from wherever it was).
  open func pushViewController(_ screen: Screen, animated: Bool = true) {
    screen.detachFromCurrentPlace()
    stack.contents.append(screen)
    screen.parent = self
    if let window {
      window.attach(screen)
      window.treeDidChange(ScreenTransition(isModal: false, animated: animated))
    }
  }

  /// Pops the top screen (never the root); returns it, dismissed. `nil` when only the root is left.
  @discardableResult
  open func popViewController(animated: Bool = true) -> Screen? {
    guard stack.contents.count > 1 else { return nil }
    let popped = stack.contents.removeLast()
    popped.parent = nil
    popped.markDismissed()
    window?.treeDidChange(ScreenTransition(isModal: false, animated: animated))
    return popped
  }

  /// Pops every screen above the root; returns them, dismissed (`nil` for an empty stack).
  @discardableResult
  open func popToRootViewController(animated: Bool = true) -> [Screen]? {
    guard !stack.contents.isEmpty else { return nil }
    guard stack.contents.count > 1 else { return [] }
    let popped = Array(stack.contents.dropFirst())
    stack.contents.removeLast(popped.count)
    adoptChildren([], dismissing: popped, animated: animated)
    return popped
  }

  /// Pops down to `screen`; returns the popped screens, dismissed. A screen the stack does not
  /// hold is reported and nothing is popped (`nil`).
  @discardableResult
  open func popToViewController(_ screen: Screen, animated: Bool = true) -> [Screen]? {
    guard let index = stack.contents.firstIndex(where: { $0 === screen }) else {
      ReactorFlowDiagnostics.emit(.popToMissingScreen(screen: screen.title, stack: title))
      return nil
    }
    let popped = Array(stack.contents[(index + 1)...])
    stack.contents.removeLast(popped.count)
    adoptChildren([], dismissing: popped, animated: animated)
    return popped
  }

  /// Replaces the stack; the screens no longer in it are dismissed.
  open func setViewControllers(_ screens: [Screen], animated: Bool = true) {
    let removed = prepareToReplaceChildren(stack.contents, with: screens)
    stack.contents = screens
    adoptChildren(screens, dismissing: removed, animated: animated)
  }

  /// Removes `child` from the stack.
  open override func removeChild(_ child: Screen) {
    stack.contents.removeAll { $0 === child }
    child.parent = nil
  }
}
