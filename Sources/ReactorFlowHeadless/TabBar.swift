import ReactorFlow

/// A headless `UITabBarController`: tabs, one of them selected and shown.
///
/// A tab shows its screen's ``Screen/tabBarItem`` title in the rendered tree.
@MainActor
open class TabBar: Screen {
  /// The tabs, in order (empty when there are none). Assigning it is
  /// `setViewControllers(_:animated: false)`.
  public var viewControllers: [Screen] {
    get { tabs }
    set { setViewControllers(newValue, animated: false) }
  }
  private var tabs: [Screen] = []
  private var selected = 0

  /// Creates a tab bar with no tabs.
  public override init(title: String = "", content: [String] = []) {
    super.init(title: title, content: content)
  }

  /// The screens of the tab bar, in order.
  open override var children: [Screen] { tabs }
  /// The selected tab's screen.
  open override var shownChild: Screen? {
    tabs.indices.contains(selected) ? tabs[selected] : nil
  }
  /// `"tabs"` in the rendered tree.
  open override var kind: String { "tabs" }
  /// The tabs' titles, the selected one in brackets (`tabs: [Home] | Settings`); `nil` when
  /// there are no tabs.
  open override var renderedSummary: String? {
    guard !tabs.isEmpty else { return nil }
    let names = tabs.enumerated().map { index, tab in
      let name = tab.tabBarItem.title ?? ""
      return index == selected ? "[\(name)]" : name
    }
    return "tabs: " + names.joined(separator: " | ")
  }

  /// The index of the selected tab. Assigning it is `select(_:)` with the index: an index out of range
  /// is reported and ignored.
  public var selectedIndex: Int {
    get { selected }
    set { select(newValue) }
  }

  /// The selected tab. Assigning it is `select(_:)` with the screen: a screen that is not a tab is
  /// reported and ignored.
  public var selectedViewController: Screen? {
    get { shownChild }
    set {
      if let newValue { select(newValue) }
    }
  }

  /// Replaces the tabs; the tabs no longer present are dismissed. The selection is kept when
  /// possible, else the first tab is selected.
  open func setViewControllers(_ screens: [Screen], animated: Bool = true) {
    let removed = prepareToReplaceChildren(tabs, with: screens)
    tabs = screens
    if !screens.indices.contains(selected) { selected = 0 }
    adoptChildren(screens, dismissing: removed, animated: animated)
  }

  /// Selects the tab at `index`. An index out of range is reported and ignored.
  public func select(_ index: Int) {
    guard tabs.indices.contains(index) else {
      ReactorFlowDiagnostics.emit(.noSuchTab(tabBar: title, index: index, count: tabs.count))
      return
    }
    selected = index
    window?.treeDidChange(.immediate)
  }

  /// Selects the tab showing `screen` (the screen itself or a container holding it).
  public func select(_ screen: Screen) {
    guard let index = tabs.firstIndex(where: { $0 === screen }) else {
      ReactorFlowDiagnostics.emit(.notATab(tabBar: title, screen: screen.title))
      return
    }
    select(index)
  }

  /// Removes `child` from the tab bar.
  open override func removeChild(_ child: Screen) {
    tabs.removeAll { $0 === child }
    child.parent = nil
    if !tabs.indices.contains(selected) { selected = 0 }
  }
}
