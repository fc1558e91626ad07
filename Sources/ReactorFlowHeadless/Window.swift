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
    get { hot.contents.root }
    set { setRoot(newValue) }
  }

  /// What every change of the tree reads and writes (see `MainActorCell`).
  struct HotState {
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
  let hot = MainActorCell(HotState())
  /// Where the user's gestures on this window are recorded (see ``record(into:)``).
  var gestureRecorder: JournalRecorder?
  /// What the window holds while a coordinator applies a step (see `TransitionHold`).
  let held = HeldTransitions()
  /// The screens visible now, from the root (or the top modal) down.
  public var visibleScreens: [Screen] { hot.contents.visibleScreens }

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
  public var topScreen: Screen? { hot.contents.visibleScreens.last }

  /// Calls `handler` after every change of the tree (structure, selection, content).
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    let id = hot.contents.changeHandlers.add(handler)
    return .onMainActor { [weak self] in self?.hot.contents.changeHandlers.remove(id) }
  }

  // MARK: - Tree maintenance

  private func setRoot(_ newRoot: Screen?) {
    if newRoot === hot.contents.root { return }
    newRoot?.detachFromCurrentPlace()
    let old = hot.contents.root
    hot.contents.root = newRoot
    if let newRoot { attach(newRoot) }
    old?.markDismissed()
    treeDidChange(.immediate)
  }

  /// Forgets the root without dismissing it (it is being moved elsewhere).
  func releaseRoot() {
    hot.contents.root?.window = nil
    hot.contents.root = nil
  }

  /// Records that `screen` and everything under it are in this window.
  func attach(_ screen: Screen) {
    screen.window = self
    for child in screen.children { attach(child) }
    if let modal = screen.presentedScreen {
      if !hot.contents.modals.contains(where: { $0 === modal }) { hot.contents.modals.append(modal) }
      attach(modal)
    }
  }

  func modalDidChange(presented: Screen, animated: Bool, completion: (() -> Void)?) {
    if !hot.contents.modals.contains(where: { $0 === presented }) { hot.contents.modals.append(presented) }
    treeDidChange(ScreenTransition(isModal: true, animated: animated), completion: completion)
  }

  func contentDidChange() {
    for (_, handler) in hot.contents.changeHandlers.entries { handler() }
  }

  /// Applies a change of the tree: calls the lifecycle methods of the screens coming into and
  /// going out of view, and tells those whose visibility changed; then `completion`.
  ///
  /// A lifecycle method or a visibility handler may change the tree (a buffered step
  /// navigates): the change is applied in the next pass, after the current one, so every screen
  /// hears its changes in order. The completions run once no pass is left.
  func treeDidChange(_ transition: ScreenTransition, completion: (() -> Void)? = nil) {
    hot.contents.transition = transition
    if let completion { hot.contents.completions.append(completion) }
    if hot.contents.isUpdating {
      hot.contents.needsUpdate = true
      return
    }
    hot.contents.isUpdating = true
    repeat {
      hot.contents.needsUpdate = false
      let current = hot.contents.transition
      hot.contents.transition = .immediate
      applyChange(current)
    } while hot.contents.needsUpdate
    hot.contents.isUpdating = false
    for (_, handler) in hot.contents.changeHandlers.entries { handler() }
    if !hot.contents.completions.isEmpty {
      let pending = hot.contents.completions
      hot.contents.completions.removeAll(keepingCapacity: true)
      if TransitionHold.isHolding {
        // After the `viewDid…` calls, held with them while a coordinator applies a step.
        held.holdCompletions(pending)
        held.register()
      } else {
        for completion in pending { completion() }
      }
    }
  }
}
