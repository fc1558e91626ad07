import ReactorFlow

/// A headless `UIViewController`: a node of the screen tree with a title and text content.
///
/// Subclass it for your screens (the terminal demo does), or use it as it is in tests. It speaks
/// UIKit: `present(_:animated:completion:)`, `dismiss(animated:completion:)`,
/// `presentedViewController`, `navigationController`, `tabBarItem`, and the lifecycle methods
/// `viewDidLoad`, `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`,
/// `viewDidDisappear(_:)`, which the tree calls in UIKit's order (see <doc:ScreenLifecycle>).
///
/// A screen is visible iff it is in a window, the top of its navigation stack, in the selected
/// tab, and not covered by a modal. It reports each change of visibility, and its dismissal once,
/// when it leaves the tree.
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
  /// The item that represents this screen in a tab bar. Until one is assigned, an item titled
  /// with the screen's ``title`` (UIKit's default).
  public var tabBarItem: TabBarItem {
    get { storedTabBarItem ?? TabBarItem(title: title) }
    set { storedTabBarItem = newValue }
  }
  private var storedTabBarItem: TabBarItem?
  /// What a navigation bar shows for this screen: a title and bar buttons (created on first
  /// use, as in UIKit).
  public var navigationItem: NavigationItem {
    if let storedNavigationItem { return storedNavigationItem }
    let item = NavigationItem()
    item.screen = self
    storedNavigationItem = item
    return item
  }
  private var storedNavigationItem: NavigationItem?
  /// The bar the rendered tree shows under this screen, if it has buttons.
  var renderedNavigationBar: String? { storedNavigationItem?.rendered(defaultTitle: title) }

  /// The container holding this screen (navigation stack or tab bar), if any.
  public internal(set) weak var parent: Screen?
  /// The screen that presented this one modally, if any: the one `present` was called on.
  public internal(set) weak var presentingScreen: Screen?
  /// The screen this one presents modally, if any: the one passed to its `present`.
  public internal(set) var presentedScreen: Screen?
  /// The window this screen is shown in, if it is in one.
  public internal(set) weak var window: Window?

  /// Whether the screen is visible: in a window, shown by its container and not covered by a modal.
  public var isVisible: Bool { hot.contents.isVisible }
  /// Whether the screen left for good (popped, dismissed, removed or replaced); set once.
  public var isDismissed: Bool { hot.contents.isDismissed }
  /// Whether ``viewDidLoad()`` was called: before the screen first appears, or by
  /// ``loadViewIfNeeded()``.
  public var isViewLoaded: Bool { hot.contents.isViewLoaded }

  /// What the window updates on every change of the tree (see `MainActorCell`).
  struct HotState {
    var isVisible = false
    var isDismissed = false
    var isViewLoaded = false
    /// Where the screen is in its appearance transitions (see ``Window``'s pass).
    var appearance = ScreenAppearance.disappeared
    var visibilityHandlers = HandlerList<@MainActor (Bool) -> Void>()
    var dismissalHandlers = HandlerList<@MainActor () -> Void>()
  }
  let hot = MainActorCell(HotState())

  /// This screen's identity for its whole life, never given to another screen: screens are
  /// numbered in the order they are created. An object's address cannot serve, because the
  /// allocator hands a released object's address to the next allocation at once.
  package nonisolated let serialNumber: UInt64
  private static var screensCreated: UInt64 = 0

  /// Creates a screen.
  public init(title: String = "", content: [String] = []) {
    self.title = title
    self.content = content
    Screen.screensCreated &+= 1
    serialNumber = Screen.screensCreated
    LiveObjects.note(self, "\(type(of: self)) \"\(title)\"")
  }

  /// The screens this one contains (a container's children); none for a plain screen.
  open var children: [Screen] { [] }

  /// The child shown now (a stack's top, the selected tab); `nil` for a plain screen.
  open var shownChild: Screen? { nil }

  /// The kind of node, for the rendering: `screen`, `navigation`, `tabs`.
  open var kind: String { "screen" }

  /// What the rendered tree shows after a container's kind and title (a tab bar lists its
  /// tabs); `nil` for nothing.
  open var renderedSummary: String? { nil }

  // MARK: - Lifecycle (UIKit's names; the tree calls them, see <doc:ScreenLifecycle>)

  /// Called once, before the screen first appears (before its first ``viewWillAppear(_:)``),
  /// or earlier by ``loadViewIfNeeded()``. Override it to set the screen up; call `super`.
  open func viewDidLoad() {}
  /// Called before the screen comes into view. Override it; call `super`.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the screen came into view; ``isVisible`` is already up to date. Override it;
  /// call `super`.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the screen goes out of view. Override it; call `super`.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the screen went out of view; ``isVisible`` is already up to date. Override it;
  /// call `super`.
  open func viewDidDisappear(_ animated: Bool) {}

  /// Calls ``viewDidLoad()`` if it was not called yet, then binds the reactor a
  /// ``BindsReactorWhenLoaded`` property holds, if any.
  public func loadViewIfNeeded() {
    guard !hot.contents.isViewLoaded else { return }
    hot.contents.isViewLoaded = true
    viewDidLoad()
    if let binding = pendingBinding {
      pendingBinding = nil
      binding()
    }
  }

  /// The binding a ``BindsReactorWhenLoaded`` reactor waits to make until ``viewDidLoad()`` has
  /// returned.
  var pendingBinding: (@MainActor () -> Void)?

  /// Starts coming into view: ``viewWillAppear(_:)`` (the window loaded the view first).
  func beginAppearing(animated: Bool) {
    guard hot.contents.appearance.beginAppearing() else { return }
    loadViewIfNeeded()
    viewWillAppear(animated)
  }

  /// Starts going out of view: ``viewWillDisappear(_:)``.
  func beginDisappearing(animated: Bool) {
    guard hot.contents.appearance.beginDisappearing() else { return }
    viewWillDisappear(animated)
  }

  /// Finishes the transition begun: ``viewDidAppear(_:)`` or ``viewDidDisappear(_:)``.
  func endAppearanceTransition(animated: Bool) {
    switch hot.contents.appearance.end() {
    case .appearing: viewDidAppear(animated)
    case .disappearing: viewDidDisappear(animated)
    default: return
    }
  }

  // MARK: - Modal presentation

  /// Presents `screen` modally over this one, in its ``modalPresentationStyle``; `completion`
  /// runs once the tree has changed and the appearance callbacks ran (UIKit runs it when the
  /// transition ends). `animated` is passed to the appearance callbacks.
  ///
  /// As in UIKit, a screen and the containers around it present one modal at a time:
  /// presenting while one is presented (``presentedViewController`` is not `nil`) is reported
  /// as a diagnostic and ignored, and `completion` does not run (UIKit logs and ignores it).
  open func present(_ screen: Screen, animated: Bool = true, completion: (() -> Void)? = nil) {
    presentModally(screen, animated: animated, completion: completion)
  }

  /// Dismisses the modal this screen presents (``presentedViewController``, with every modal
  /// above it); called on a modal that presents nothing (or inside one), dismisses that modal —
  /// UIKit's rule. `completion` runs once the tree has changed and the appearance callbacks ran
  /// (at once when there is nothing to dismiss). `animated` is passed to the appearance callbacks.
  open func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
    dismissModal(animated: animated, completion: completion)
  }

  /// Removes `child` from this container's storage without dismissing it: it is being moved to
  /// another place. A custom container overrides it (see ``replaceChildren(_:with:animated:store:)``).
  open func removeChild(_ child: Screen) {}

  // MARK: - Signals

  /// Calls `handler` on each change of ``isVisible``.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
    let id = hot.contents.visibilityHandlers.add(handler)
    return .onMainActor { [weak self] in self?.hot.contents.visibilityHandlers.remove(id) }
  }

  /// Calls `handler` once, when the screen is dismissed (at once if it already was).
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    if hot.contents.isDismissed {
      handler()
      return .empty
    }
    let id = hot.contents.dismissalHandlers.add(handler)
    return .onMainActor { [weak self] in self?.hot.contents.dismissalHandlers.remove(id) }
  }

  func setVisible(_ visible: Bool) {
    guard visible != hot.contents.isVisible else { return }
    hot.contents.isVisible = visible
    for (_, handler) in hot.contents.visibilityHandlers.entries { handler(visible) }
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
    guard !hot.contents.isDismissed else { return }
    hot.contents.isDismissed = true
    for handler in hot.contents.dismissalHandlers.takeAll() { handler() }
  }
}
