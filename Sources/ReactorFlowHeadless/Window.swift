import ReactorFlow

/// A headless `UIWindow`: the root of the screen tree. It decides which screens are visible,
/// tells them when that changes, and renders the whole tree as text.
@MainActor
public final class Window: Presentable {
  /// The screen at the root; replacing it dismisses the previous root.
  public var rootViewController: Screen? {
    get { root }
    set { setRoot(newValue) }
  }

  /// What every change of the tree reads and writes (see `MainActorCell`).
  private struct HotState {
    var root: Screen?
    /// The screens visible now, from the root (or the top modal) down.
    var visibleScreens: [Screen] = []
    /// The next visible chain, computed into a kept buffer (no allocation once warm).
    var nextVisible: [Screen] = []
    /// The modals in this window, in presentation order: the last one covers the others.
    var modals: [Screen] = []
    var isUpdating = false
    var needsUpdate = false
    var changeHandlers = HandlerList<@MainActor () -> Void>()
  }
  private let hot = MainActorCell(HotState())
  private var root: Screen? {
    _read { yield hot.contents.root }
    _modify { yield &hot.contents.root }
  }
  /// The screens visible now, from the root (or the top modal) down.
  public private(set) var visibleScreens: [Screen] {
    get { hot.contents.visibleScreens }
    _modify { yield &hot.contents.visibleScreens }
  }
  private var nextVisible: [Screen] {
    _read { yield hot.contents.nextVisible }
    _modify { yield &hot.contents.nextVisible }
  }
  private var modals: [Screen] {
    _read { yield hot.contents.modals }
    _modify { yield &hot.contents.modals }
  }
  private var isUpdating: Bool {
    get { hot.contents.isUpdating }
    set { hot.contents.isUpdating = newValue }
  }
  private var needsUpdate: Bool {
    get { hot.contents.needsUpdate }
    set { hot.contents.needsUpdate = newValue }
  }
  private var changeHandlers: HandlerList<@MainActor () -> Void> {
    _read { yield hot.contents.changeHandlers }
    _modify { yield &hot.contents.changeHandlers }
  }

  /// Creates an empty window.
  public init() {
    LiveObjects.note(self, "Window")
  }

  /// A window is always visible and never dismissed.
  public var isVisible: Bool { true }
  /// Always `false`: a window is never dismissed.
  public var isDismissed: Bool { false }

  /// Never calls `handler`: a window's visibility does not change.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
    .empty
  }

  /// Never calls `handler`: a window is never dismissed.
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    .empty
  }

  /// UIKit's `makeKeyAndVisible()`: the window is always key here; kept for ported code.
  public func makeKeyAndVisible() {}

  /// The screen shown on top: the deepest visible screen.
  public var topScreen: Screen? { visibleScreens.last }

  /// Calls `handler` after every change of the tree (structure, selection, content).
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    let id = changeHandlers.add(handler)
    return .onMainActor { [weak self] in self?.changeHandlers.remove(id) }
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
    if let modal = screen.presentedScreen {
      if !modals.contains(where: { $0 === modal }) { modals.append(modal) }
      attach(modal)
    }
  }

  func modalDidChange(presented: Screen) {
    if !modals.contains(where: { $0 === presented }) { modals.append(presented) }
    treeDidChange()
  }

  func contentDidChange() {
    for (_, handler) in changeHandlers.entries { handler() }
  }

  /// Recomputes which screens are visible and tells those whose visibility changed.
  ///
  /// A visibility handler may change the tree (a buffered step navigates): the change is
  /// applied after the current pass, so every screen hears its changes in order.
  func treeDidChange() {
    if isUpdating {
      needsUpdate = true
      return
    }
    isUpdating = true
    repeat {
      needsUpdate = false
      updateVisibility()
    } while needsUpdate
    isUpdating = false
    for (_, handler) in changeHandlers.entries { handler() }
  }

  private func updateVisibility() {
    // Modals that left the window (dismissed, or moved with their presenter) no longer cover.
    if !modals.isEmpty { modals.removeAll { $0.window !== self || $0.presentingScreen == nil } }
    // The top-most modal covers everything below it; else the root's shown chain is visible.
    nextVisible.removeAll(keepingCapacity: true)
    var node: Screen? = modals.last ?? root
    while let current = node {
      nextVisible.append(current)
      node = current.shownChild
    }
    swap(&visibleScreens, &nextVisible)
    // Only the part after the common prefix changed (a push or pop changes the last screen).
    var common = 0
    while common < nextVisible.count, common < visibleScreens.count,
      nextVisible[common] === visibleScreens[common]
    {
      common += 1
    }
    for index in common..<nextVisible.count
    where !visibleScreens[common...].contains(where: { $0 === nextVisible[index] }) {
      nextVisible[index].setVisible(false)
    }
    for index in common..<visibleScreens.count { visibleScreens[index].setVisible(true) }
    nextVisible.removeAll(keepingCapacity: true)
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
