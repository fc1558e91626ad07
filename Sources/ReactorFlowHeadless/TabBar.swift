import ReactorFlow

/// A headless `UITabBarController`: tabs, one of them selected and shown.
@MainActor
open class TabBar: Screen {
  /// The tabs, in order.
  public private(set) var viewControllers: [Screen] = []
  /// The index of the selected tab.
  public private(set) var selectedIndex = 0

  /// Creates a tab bar with no tabs.
  public override init(title: String = "", content: [String] = []) {
    super.init(title: title, content: content)
  }

  /// The screens of the tab bar, in order.
  open override var children: [Screen] { viewControllers }
  /// The selected tab's screen.
  open override var shownChild: Screen? {
    viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
  }
  /// `"tabs"` in the rendered tree.
  open override var kind: String { "tabs" }

  /// The selected tab.
  public var selectedViewController: Screen? { shownChild }

  /// Replaces the tabs; the tabs no longer present are dismissed. The selection is kept when
  /// possible, else the first tab is selected.
  public func setViewControllers(_ screens: [Screen]) {
    let removed = prepareToReplaceChildren(viewControllers, with: screens)
    viewControllers = screens
    if !screens.indices.contains(selectedIndex) { selectedIndex = 0 }
    adoptChildren(screens, dismissing: removed)
  }

  /// Selects the tab at `index`. An index out of range is reported and ignored.
  public func select(_ index: Int) {
    guard viewControllers.indices.contains(index) else {
      ReactorFlowDiagnostics.emit(.noSuchTab(tabBar: title, index: index, count: viewControllers.count))
      return
    }
    selectedIndex = index
    window?.treeDidChange()
  }

  /// Selects the tab showing `screen` (the screen itself or a container holding it).
  public func select(_ screen: Screen) {
    guard let index = viewControllers.firstIndex(where: { $0 === screen }) else {
      ReactorFlowDiagnostics.emit(.notATab(tabBar: title, screen: screen.title))
      return
    }
    select(index)
  }

  /// Removes `child` from the tab bar.
  open override func removeChild(_ child: Screen) {
    viewControllers.removeAll { $0 === child }
    child.parent = nil
    if !viewControllers.indices.contains(selectedIndex) { selectedIndex = 0 }
  }
}
