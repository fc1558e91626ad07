import ReactorFlow

/// A headless `UINavigationController`: a stack of screens whose top is shown.
@MainActor
open class NavigationStack: Screen {
  /// The stack, bottom first.
  public private(set) var viewControllers: [Screen] {
    _read { yield stack.contents }
    _modify { yield &stack.contents }
  }
  /// The stack's storage (see `MainActorCell`).
  private let stack = MainActorCell<[Screen]>([])

  /// Creates a stack, optionally with a root screen.
  public init(rootViewController: Screen? = nil, title: String = "") {
    super.init(title: title)
    if let rootViewController { setViewControllers([rootViewController]) }
  }

  /// The screens of the stack, in order.
  open override var children: [Screen] { viewControllers }
  /// The top screen.
  open override var shownChild: Screen? { viewControllers.last }
  /// `"navigation"` in the rendered tree.
  open override var kind: String { "navigation" }

  /// The screen on top.
  public var topViewController: Screen? { viewControllers.last }

  /// Pushes `screen` on top; it becomes the shown screen.
  public func pushViewController(_ screen: Screen) {
    screen.detachFromCurrentPlace()
    viewControllers.append(screen)
    screen.parent = self
    if let window {
      window.attach(screen)
      window.treeDidChange()
    }
  }

  /// Pops the top screen (never the root); returns it, dismissed. `nil` when only the root is left.
  @discardableResult
  public func popViewController() -> Screen? {
    guard viewControllers.count > 1 else { return nil }
    let popped = viewControllers.removeLast()
    popped.parent = nil
    popped.markDismissed()
    window?.treeDidChange()
    return popped
  }

  /// Pops every screen above the root; returns them, dismissed.
  @discardableResult
  public func popToRootViewController() -> [Screen] {
    guard viewControllers.count > 1 else { return [] }
    let popped = Array(viewControllers.dropFirst())
    viewControllers.removeLast(popped.count)
    adoptChildren([], dismissing: popped)
    return popped
  }

  /// Pops down to `screen`, which must be in the stack; returns the popped screens, dismissed.
  @discardableResult
  public func popToViewController(_ screen: Screen) -> [Screen] {
    guard let index = viewControllers.firstIndex(where: { $0 === screen }) else {
      ReactorFlowDiagnostics.emit(.popToMissingScreen(screen: screen.title, stack: title))
      return []
    }
    let popped = Array(viewControllers[(index + 1)...])
    viewControllers.removeLast(popped.count)
    adoptChildren([], dismissing: popped)
    return popped
  }

  /// Replaces the stack; the screens no longer in it are dismissed.
  public func setViewControllers(_ screens: [Screen]) {
    let removed = prepareToReplaceChildren(viewControllers, with: screens)
    viewControllers = screens
    adoptChildren(screens, dismissing: removed)
  }

  /// Removes `child` from the stack.
  open override func removeChild(_ child: Screen) {
    viewControllers.removeAll { $0 === child }
    child.parent = nil
  }
}
