import ReactorFlow

/// A headless `UIWindow`: the root of the screen tree. It decides which screens are in view and
/// visible, calls their lifecycle methods and tells them when their visibility changes, and
/// renders the whole tree as text.
///
/// Every change of the tree is applied in one pass: the screens coming into view load their
/// view, the `viewWill…` callbacks run, visibility is updated, then the `viewDid…` callbacks run
/// (in UIKit's order, see <doc:ScreenLifecycle>). A change made from a callback or a visibility
/// handler is applied in a pass of its own, after the current one; a `completion` given to
/// `present` or `dismiss` runs once every pass is done. While a `FlowCoordinator` applies a
/// step, the `viewDid…` calls and the completions wait until the step's contributions are
/// connected — UIKit makes them after the transition, later in the run loop — so a step a
/// screen emits from its `viewDidAppear` reaches the coordinator.
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
    /// The screens in view now (they appeared), from the root down, then each modal's chain;
    /// kept only while a modal is presented (else they are `visibleScreens`).
    var appeared: [Screen] = []
    /// Whether the screens in view are `visibleScreens` (no modal), `appeared` being unused.
    var appearedIsVisible = true
    /// The previous `appeared` during a pass (a kept buffer).
    var previouslyAppeared: [Screen] = []
    /// The screens coming into view and going out of view in the current pass (kept buffers).
    var arriving: [Screen] = []
    var leaving: [Screen] = []
    var isUpdating = false
    var needsUpdate = false
    /// The kind of the latest change requested, applied by the next pass.
    var transition = ScreenTransition.immediate
    /// The completions of `present` / `dismiss`, run once the passes are done.
    var completions: [() -> Void] = []
    var changeHandlers = HandlerList<@MainActor () -> Void>()
  }
  private let hot = MainActorCell(HotState())
  /// What the window holds while a coordinator applies a step (see `TransitionHold`).
  private let held = HeldTransitions()
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
  private var appeared: [Screen] {
    _read { yield hot.contents.appeared }
    _modify { yield &hot.contents.appeared }
  }
  private var previouslyAppeared: [Screen] {
    _read { yield hot.contents.previouslyAppeared }
    _modify { yield &hot.contents.previouslyAppeared }
  }
  private var appearedIsVisible: Bool {
    get { hot.contents.appearedIsVisible }
    set { hot.contents.appearedIsVisible = newValue }
  }
  private var transition: ScreenTransition {
    get { hot.contents.transition }
    set { hot.contents.transition = newValue }
  }
  private var completions: [() -> Void] {
    _read { yield hot.contents.completions }
    _modify { yield &hot.contents.completions }
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
    treeDidChange(.immediate)
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

  func modalDidChange(presented: Screen, animated: Bool, completion: (() -> Void)?) {
    if !modals.contains(where: { $0 === presented }) { modals.append(presented) }
    treeDidChange(ScreenTransition(isModal: true, animated: animated), completion: completion)
  }

  func contentDidChange() {
    for (_, handler) in changeHandlers.entries { handler() }
  }

  /// Applies a change of the tree: calls the lifecycle methods of the screens coming into and
  /// going out of view, and tells those whose visibility changed; then `completion`.
  ///
  /// A lifecycle method or a visibility handler may change the tree (a buffered step
  /// navigates): the change is applied in the next pass, after the current one, so every screen
  /// hears its changes in order. The completions run once no pass is left.
  func treeDidChange(_ transition: ScreenTransition, completion: (() -> Void)? = nil) {
    self.transition = transition
    if let completion { completions.append(completion) }
    if isUpdating {
      needsUpdate = true
      return
    }
    isUpdating = true
    repeat {
      needsUpdate = false
      let current = self.transition
      self.transition = .immediate
      applyChange(current)
    } while needsUpdate
    isUpdating = false
    for (_, handler) in changeHandlers.entries { handler() }
    if !completions.isEmpty {
      let pending = completions
      completions.removeAll(keepingCapacity: true)
      if TransitionHold.isHolding {
        // After the `viewDid…` calls, held with them while a coordinator applies a step.
        held.holdCompletions(pending)
        held.register()
      } else {
        for completion in pending { completion() }
      }
    }
  }

  /// One pass: views load, `viewWill…`, visibility, `viewDid…` (UIKit's order).
  private func applyChange(_ transition: ScreenTransition) {
    // Modals that left the window (dismissed, or moved with their presenter) no longer cover.
    if !modals.isEmpty { modals.removeAll { $0.window !== self || $0.presentingScreen == nil } }
    computeVisible()
    if modals.isEmpty {
      // No modal: the screens in view are the visible chain (the common case, kept cheap).
      if appearedIsVisible {
        collectTransitions(from: nextVisible, to: visibleScreens)
      } else {
        collectTransitions(from: appeared, to: visibleScreens)
        appeared.removeAll(keepingCapacity: true)
        appearedIsVisible = true
      }
    } else {
      if appearedIsVisible {
        let previous = nextVisible
        appeared.removeAll(keepingCapacity: true)
        appeared.append(contentsOf: previous)
        appearedIsVisible = false
      }
      computeAppeared()
      collectTransitions(from: previouslyAppeared, to: appeared)
      previouslyAppeared.removeAll(keepingCapacity: true)
    }
    let animated = transition.animated
    // Views load first (UIKit loads the incoming view before any callback of the transition).
    forEach(in: .arriving) { $0.loadViewIfNeeded() }
    forEach(in: .leaving) { $0.beginDisappearing(animated: animated) }
    forEach(in: .arriving) { $0.beginAppearing(animated: animated) }
    signalVisibility()
    if TransitionHold.isHolding {
      // A coordinator applies a step: the `viewDid…` calls wait until the step's contributions
      // are connected (UIKit makes them after the transition), so that a step a screen emits
      // from its `viewDidAppear` is heard, not lost.
      if transition.isModal {
        holdEnds(of: .arriving, animated: animated)
        holdEnds(of: .leaving, animated: animated)
      } else {
        holdEnds(of: .leaving, animated: animated)
        holdEnds(of: .arriving, animated: animated)
      }
      held.register()
    } else if transition.isModal {
      forEach(in: .arriving) { $0.endAppearanceTransition(animated: animated) }
      forEach(in: .leaving) { $0.endAppearanceTransition(animated: animated) }
    } else {
      forEach(in: .leaving) { $0.endAppearanceTransition(animated: animated) }
      forEach(in: .arriving) { $0.endAppearanceTransition(animated: animated) }
    }
    // Usually one screen each: `removeLast` is cheaper than `removeAll(keepingCapacity:)`.
    while !hot.contents.arriving.isEmpty { hot.contents.arriving.removeLast() }
    while !hot.contents.leaving.isEmpty { hot.contents.leaving.removeLast() }
  }

  /// Moves the screens of `list` to the held ends, in order (no user code runs meanwhile).
  private func holdEnds(of list: TransitionList, animated: Bool) {
    switch list {
    case .arriving: holdEnds(of: &hot.contents.arriving, animated: animated)
    case .leaving: holdEnds(of: &hot.contents.leaving, animated: animated)
    }
  }

  private func holdEnds(of screens: inout [Screen], animated: Bool) {
    if screens.count == 1 {
      // The usual case: moved, not copied (no retain and release).
      held.holdEnd(of: screens.removeLast(), animated: animated)
    } else {
      for screen in screens { held.holdEnd(of: screen, animated: animated) }
    }
  }

  /// Computes the screens in view when a modal is presented (`appeared`), keeping the previous
  /// ones in `previouslyAppeared`: the root's shown chain, then each modal's, a full-screen modal
  /// taking everything below it out of view.
  private func computeAppeared() {
    swap(&appeared, &previouslyAppeared)
    if !appeared.isEmpty { appeared.removeAll(keepingCapacity: true) }
    appendShownChain(from: root)
    var index = 0
    while index < modals.count {
      let modal = modals[index]
      if modal.modalPresentationStyle.hidesPresenter { appeared.removeAll(keepingCapacity: true) }
      appendShownChain(from: modal)
      index += 1
    }
  }

  private func appendShownChain(from screen: Screen?) {
    var node = screen
    while let current = node {
      appeared.append(current)
      node = current.shownChild
    }
  }

  /// Sorts the change from `old` to `new` (the screens in view before and now) into the screens
  /// coming into view (`arriving`: in view, not appeared yet) and going out of view (`leaving`:
  /// in view before, not now — unless moved to another window, which now owns its appearance),
  /// each from the root down. Only the part after the common prefix of the two lists changes (a
  /// push or pop changes the last screen).
  private func collectTransitions(from old: [Screen], to new: [Screen]) {
    var common = 0
    while common < old.count, common < new.count, old[common] === new[common] { common += 1 }
    var index = common
    while index < old.count {
      let screen = old[index]
      index += 1
      var stays = false
      var other = common
      while other < new.count {
        if new[other] === screen {
          stays = true
          break
        }
        other += 1
      }
      if !stays, screen.window === self || screen.window == nil { hot.contents.leaving.append(screen) }
    }
    index = common
    while index < new.count {
      let screen = new[index]
      index += 1
      if screen.appearance != .appeared { hot.contents.arriving.append(screen) }
    }
  }

  /// The two lists of a pass.
  private enum TransitionList { case arriving, leaving }

  /// Calls `body` on each screen of `list`, in order (the list is read again after each call:
  /// `body` runs user code).
  private func forEach(in list: TransitionList, _ body: (Screen) -> Void) {
    var index = 0
    while true {
      let screen: Screen
      switch list {
      case .arriving:
        guard index < hot.contents.arriving.count else { return }
        screen = hot.contents.arriving[index]
      case .leaving:
        guard index < hot.contents.leaving.count else { return }
        screen = hot.contents.leaving[index]
      }
      body(screen)
      index += 1
    }
  }

  /// Computes the visible chain into `visibleScreens`, keeping the previous one in
  /// `nextVisible` until ``signalVisibility()``.
  private func computeVisible() {
    // The top-most modal covers everything below it; else the root's shown chain is visible.
    nextVisible.removeAll(keepingCapacity: true)
    var node: Screen? = modals.last ?? root
    while let current = node {
      nextVisible.append(current)
      node = current.shownChild
    }
    swap(&visibleScreens, &nextVisible)
  }

  /// Tells the screens whose visibility changed (from `nextVisible`, the previous chain, to
  /// `visibleScreens`), then forgets the previous chain. A screen dismissed since the chain was
  /// computed (by a `viewWill…` callback) is not made visible.
  private func signalVisibility() {
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
    for index in common..<visibleScreens.count where !visibleScreens[index].isDismissed {
      visibleScreens[index].setVisible(true)
    }
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
    if let summary = screen.renderedSummary { line += " " + summary }
    if screen.isVisible { line += " *" }
    lines.append(line)
    if screen.isVisible, let bar = screen.renderedNavigationBar { lines.append(indent + "  " + bar) }
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
