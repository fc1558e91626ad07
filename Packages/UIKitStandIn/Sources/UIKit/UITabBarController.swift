import Foundation

/// UIKit's `UITabBarController`: one child shown at a time. Switching tabs calls the old tab's
/// `viewWillDisappear`, the new one's `viewWillAppear`, then `viewDidDisappear` /
/// `viewDidAppear`; the hidden tab stays a child (it is not removed, not dismissed).
@MainActor
open class UITabBarController: UIViewController {
  private var tabs: [UIViewController] = []
  private var selected = 0

  /// UIKit's designated initializer; no tabs.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// The tabs. Assigning it is `setViewControllers(_:animated: false)`.
  open var viewControllers: [UIViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The index of the selected tab.
  open var selectedIndex: Int {
    get { selected }
    set {
      guard tabs.indices.contains(newValue), newValue != selected else { return }
      let old = selectedViewController
      selected = newValue
      let new = selectedViewController
      if isShown { Self.swapAppearance(from: old, to: new, animated: false) }
    }
  }

  /// The selected tab.
  open var selectedViewController: UIViewController? {
    get { tabs.indices.contains(selected) ? tabs[selected] : nil }
    set {
      if let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) { selectedIndex = index }
    }
  }

  override var shownChildren: [UIViewController] { selectedViewController.map { [$0] } ?? [] }

  /// Replaces the tabs; the first is selected if the selection is out of range.
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    let new = viewControllers ?? []
    let old = selectedViewController
    replaceChildren(tabs, with: new) {
      tabs = new
      if !tabs.indices.contains(selected) { selected = 0 }
      let newSelected = selectedViewController
      if isShown, newSelected !== old { Self.swapAppearance(from: old, to: newSelected, animated: animated) }
    }
  }
}
