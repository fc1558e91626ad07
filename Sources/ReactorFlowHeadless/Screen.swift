import ReactorFlow

/// A headless view controller: a node of the screen tree with a title and text content.
///
/// Subclass it for your screens (the terminal demo does), or use it as it is in tests. A screen
/// is visible iff it is in a window, the top of its navigation stack, in the selected tab, and
/// not covered by a modal. It reports each change of visibility, and its dismissal once, when it
/// leaves the tree.
@MainActor
open class Screen: Presentable {
  /// The title shown in navigation paths and tab bars.
  public var title: String
  /// The text the screen shows, one line each.
  public var content: [String] {
    didSet { window?.contentDidChange() }
  }
  /// How this screen is shown when presented modally.
  public var modalPresentationStyle: ModalStyle = .automatic

  /// The container holding this screen (navigation stack or tab bar), if any.
  public internal(set) weak var parent: Screen?
  /// The screen that presented this one modally, if any.
  public internal(set) weak var presentingScreen: Screen?
  /// The screen this one presents modally, if any.
  public internal(set) var presentedScreen: Screen?
  /// The window this screen is shown in, if it is in one.
  public internal(set) weak var window: Window?

  /// Whether the screen is visible: in a window, shown by its container and not covered by a modal.
  public private(set) var isVisible: Bool {
    get { hot.contents.isVisible }
    set { hot.contents.isVisible = newValue }
  }
  /// Whether the screen left for good (popped, dismissed, removed or replaced); set once.
  public private(set) var isDismissed: Bool {
    get { hot.contents.isDismissed }
    set { hot.contents.isDismissed = newValue }
  }
  private var visibilityHandlers: HandlerList<@MainActor (Bool) -> Void> {
    _read { yield hot.contents.visibilityHandlers }
    _modify { yield &hot.contents.visibilityHandlers }
  }
  private var dismissalHandlers: HandlerList<@MainActor () -> Void> {
    _read { yield hot.contents.dismissalHandlers }
    _modify { yield &hot.contents.dismissalHandlers }
  }

  /// What the window updates on every change of the tree (see `MainActorCell`).
  private struct HotState {
    var isVisible = false
    var isDismissed = false
    var visibilityHandlers = HandlerList<@MainActor (Bool) -> Void>()
    var dismissalHandlers = HandlerList<@MainActor () -> Void>()
  }
  private let hot = MainActorCell(HotState())

  /// Creates a screen.
  public init(title: String = "", content: [String] = []) {
    self.title = title
    self.content = content
    LiveObjects.note(self, "\(type(of: self)) \"\(title)\"")
  }

  /// The screens this one contains (a container's children); none for a plain screen.
  open var children: [Screen] { [] }

  /// The child shown now (a stack's top, the selected tab); `nil` for a plain screen.
  open var shownChild: Screen? { nil }

  /// The kind of node, for the rendering: `screen`, `navigation`, `tabs`.
  open var kind: String { "screen" }

  // MARK: - Modal presentation

  /// Presents `screen` modally over this one. A screen presents one modal at a time: presenting
  /// while already presenting is reported as a diagnostic and ignored (UIKit logs and ignores it).
  public func present(_ screen: Screen, style: ModalStyle? = nil) {
    if let presentedScreen {
      ReactorFlowDiagnostics.emit(
        .alreadyPresenting(presenter: title, presented: presentedScreen.title, requested: screen.title))
      return
    }
    if let style { screen.modalPresentationStyle = style }
    screen.detachFromCurrentPlace()
    presentedScreen = screen
    screen.presentingScreen = self
    window?.attach(screen)
    window?.modalDidChange(presented: screen)
  }

  /// Dismisses the modal this screen presents (and every modal above it); called on a modal
  /// that presents nothing, dismisses the modal itself — UIKit's rule.
  public func dismiss() {
    if let presentedScreen {
      presentedScreen.removeFromPresenter()
    } else if presentingScreen != nil {
      removeFromPresenter()
    }
  }

  func removeFromPresenter() {
    guard let presenter = presentingScreen else { return }
    presenter.presentedScreen = nil
    presentingScreen = nil
    let window = presenter.window
    markDismissed()
    window?.treeDidChange()
  }

  /// Takes this screen out of wherever it is (stack, tab bar, window root, modal) without
  /// dismissing it: it is being moved.
  func detachFromCurrentPlace() {
    if let parent { parent.removeChild(self) }
    if let presenter = presentingScreen {
      presenter.presentedScreen = nil
      presentingScreen = nil
    }
    if let window, window.rootViewController === self { window.releaseRoot() }
  }

  /// Removes `child` from this container without dismissing it (it is being moved).
  open func removeChild(_ child: Screen) {}

  /// For a container about to replace its children `current` with `screens`: takes the newcomers
  /// from wherever they are now and returns the current children that are not kept.
  func prepareToReplaceChildren(_ current: [Screen], with screens: [Screen]) -> [Screen] {
    for screen in screens where !current.contains(where: { $0 === screen }) {
      screen.detachFromCurrentPlace()
    }
    return current.filter { old in !screens.contains { $0 === old } }
  }

  /// Makes `screens` this container's children (in its window), dismisses `removed`, and
  /// updates visibility.
  func adoptChildren(_ screens: [Screen], dismissing removed: [Screen]) {
    for screen in screens {
      screen.parent = self
      window?.attach(screen)
    }
    for screen in removed {
      screen.parent = nil
      screen.markDismissed()
    }
    window?.treeDidChange()
  }

  // MARK: - Signals

  /// Calls `handler` on each change of ``isVisible``.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
    let id = visibilityHandlers.add(handler)
    return .onMainActor { [weak self] in self?.visibilityHandlers.remove(id) }
  }

  /// Calls `handler` once, when the screen is dismissed (at once if it already was).
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    if isDismissed {
      handler()
      return .empty
    }
    let id = dismissalHandlers.add(handler)
    return .onMainActor { [weak self] in self?.dismissalHandlers.remove(id) }
  }

  func setVisible(_ visible: Bool) {
    guard visible != isVisible else { return }
    isVisible = visible
    for (_, handler) in visibilityHandlers.entries { handler(visible) }
  }

  /// Marks this screen, its children and its modal as dismissed: they left the tree.
  func markDismissed() {
    let modal = presentedScreen
    modal?.presentingScreen = nil
    presentedScreen = nil
    window = nil
    setVisible(false)
    for child in children { child.markDismissed() }
    modal?.markDismissed()
    guard !isDismissed else { return }
    isDismissed = true
    for handler in dismissalHandlers.takeAll() { handler() }
  }
}
