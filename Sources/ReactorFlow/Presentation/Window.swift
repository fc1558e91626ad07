/// A headless `UIWindow`: the root of the screen tree. It decides which screens are visible,
/// tells them when that changes, and renders the whole tree as text.
@MainActor
public final class Window: Presentable {
  /// The screen at the root; replacing it dismisses the previous root.
  public var rootViewController: Screen? {
    get { root }
    set { setRoot(newValue) }
  }

  private var root: Screen?
  /// The screens visible now, from the root (or the top modal) down.
  public private(set) var visibleScreens: [Screen] = []
  private var changeHandlers: [(id: Int, handler: @MainActor () -> Void)] = []
  private var nextHandlerID = 0

  /// Creates an empty window.
  public init() {}

  /// A window is always visible and never dismissed.
  public var isVisible: Bool { true }
  public var isDismissed: Bool { false }

  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> Subscription {
    .empty
  }

  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> Subscription {
    .empty
  }

  /// UIKit's `makeKeyAndVisible()`: the window is always key here; kept for ported code.
  public func makeKeyAndVisible() {}

  /// The screen shown on top: the deepest visible screen.
  public var topScreen: Screen? { visibleScreens.last }

  /// Calls `handler` after every change of the tree (structure, selection, content).
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> Subscription {
    let id = nextHandlerID
    nextHandlerID += 1
    changeHandlers.append((id, handler))
    return Subscription { [weak self] in
      onMainActor { self?.changeHandlers.removeAll { $0.id == id } }
    }
  }

  // MARK: - Tree maintenance

  private func setRoot(_ newRoot: Screen?) {
    if newRoot === root { return }
    newRoot?.detachFromCurrentPlace()
    let old = root
    root = newRoot
    if let newRoot { attach(newRoot) }
    old?.markDismissed()
    treeDidChange()
  }

  /// Forgets the root without dismissing it (it is being moved elsewhere).
  func releaseRoot() {
    root?.window = nil
    root = nil
  }

  /// Records that `screen` and everything under it are in this window.
  func attach(_ screen: Screen) {
    screen.window = self
    for child in screen.children { attach(child) }
    if let modal = screen.presentedScreen { attach(modal) }
  }

  func modalDidChange(presented: Screen) {
    treeDidChange()
  }

  func contentDidChange() {
    for (_, handler) in changeHandlers { handler() }
  }

  /// Recomputes which screens are visible and tells those whose visibility changed.
  func treeDidChange() {
    let newVisible = computeVisible()
    let old = visibleScreens
    visibleScreens = newVisible
    for screen in old where !newVisible.contains(where: { $0 === screen }) {
      screen.setVisible(false)
    }
    for screen in newVisible { screen.setVisible(true) }
    for (_, handler) in changeHandlers { handler() }
  }

  /// The visible chain: from the top-most modal (or the root) down through shown children.
  private func computeVisible() -> [Screen] {
    guard var top = root else { return [] }
    // The top-most modal covers everything below it.
    while let modal = deepestModal(under: top) { top = modal }
    var chain: [Screen] = []
    var node: Screen? = top
    while let current = node {
      chain.append(current)
      node = current.shownChild
    }
    return chain
  }

  /// A modal presented from the shown chain of `screen`, the deepest presenter first.
  private func deepestModal(under screen: Screen) -> Screen? {
    var chain: [Screen] = []
    var node: Screen? = screen
    while let current = node {
      chain.append(current)
      node = current.shownChild
    }
    for presenter in chain.reversed() {
      if let modal = presenter.presentedScreen { return modal }
    }
    // A modal presented from a hidden screen (a background tab) still covers the window.
    return firstModal(in: screen)
  }

  private func firstModal(in screen: Screen) -> Screen? {
    if let modal = screen.presentedScreen { return modal }
    for child in screen.children {
      if let modal = firstModal(in: child) { return modal }
    }
    return nil
  }

  // MARK: - Rendering

  /// The whole tree as text: one line per screen, indented by depth, `*` on visible screens,
  /// the selected tab marked, modals under their presenter, visible screens' content below them.
  public func render() -> String {
    var lines = ["window"]
    if let root { render(root, depth: 1, into: &lines, prefix: "") }
    return lines.joined(separator: "\n")
  }

  private func render(_ screen: Screen, depth: Int, into lines: inout [String], prefix: String) {
    let indent = String(repeating: "  ", count: depth)
    var line = indent + prefix + screen.kind
    if !screen.title.isEmpty { line += " \"\(screen.title)\"" }
    if let tabs = screen as? TabBar, !tabs.viewControllers.isEmpty {
      let names = tabs.viewControllers.enumerated().map { index, tab in
        index == tabs.selectedIndex ? "[\(tab.title)]" : tab.title
      }
      line += " tabs: " + names.joined(separator: " | ")
    }
    if screen.isVisible { line += " *" }
    lines.append(line)
    if screen.isVisible && screen.children.isEmpty {
      for text in screen.content { lines.append(indent + "  | " + text) }
    }
    for child in screen.children { render(child, depth: depth + 1, into: &lines, prefix: "") }
    if let modal = screen.presentedScreen {
      render(
        modal, depth: depth + 1, into: &lines, prefix: "modal(\(modal.modalPresentationStyle.rawValue)) ")
    }
  }
}
