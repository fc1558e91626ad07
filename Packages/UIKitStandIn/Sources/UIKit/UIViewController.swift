import Foundation

/// UIKit's `UIViewController`: lazy view loading, the appearance callbacks, containment, and
/// modal presentation, in UIKit's documented order.
///
/// Appearance: UIKit calls `viewWillAppear` / `viewDidAppear` / `viewWillDisappear` /
/// `viewDidDisappear` through `beginAppearanceTransition(_:animated:)` and
/// `endAppearanceTransition()`, and forwards them to the children that are shown: the children
/// of a plain view controller whose view is in its view (a child whose view is not in the
/// hierarchy gets none), the top of a navigation controller, the selected tab.
@MainActor
open class UIViewController: UIResponder {
  enum Appearance { case disappeared, appearing, appeared, disappearing }

  /// The title (navigation bars, tab items).
  open var title: String?
  /// How the view controller is shown when presented. `.automatic` is a page sheet, as on iOS 13
  /// and later.
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  private var storedTabBarItem: UITabBarItem?
  private var storedView: UIView?
  var appearance = Appearance.disappeared

  /// The parent in a containment relationship (UIKit keeps it weakly).
  public private(set) weak var parent: UIViewController?
  /// The children, in the order they were added.
  public private(set) var children: [UIViewController] = []
  private var storedPresented: UIViewController?
  private weak var storedPresenting: UIViewController?

  /// The view controller presented by this one or one of its ancestors (UIKit's definition).
  public var presentedViewController: UIViewController? { presentationContext.storedPresented }
  /// The view controller that presented this one, or the ancestor it is a child of (UIKit's
  /// definition).
  public var presentingViewController: UIViewController? { presentationContext.storedPresenting }

  /// True only inside the appearance callbacks of a view controller being presented.
  public internal(set) var isBeingPresented = false
  /// True only inside the appearance callbacks of a view controller being dismissed.
  public internal(set) var isBeingDismissed = false
  /// True only inside the appearance callbacks of a view controller being added to a parent.
  public internal(set) var isMovingToParent = false
  /// True only inside the appearance callbacks of a view controller being removed from a parent.
  public internal(set) var isMovingFromParent = false

  /// UIKit's designated initializer (no nibs in the stand-in).
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// `init(nibName: nil, bundle: nil)`.
  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  // MARK: - The view

  /// The view, loaded on first access (`loadView`, then `viewDidLoad`).
  public var view: UIView! {
    get {
      loadViewIfNeeded()
      return storedView
    }
    set {
      storedView = newValue
      newValue?.owningController = self
    }
  }

  /// The view if it is loaded, without loading it.
  public var viewIfLoaded: UIView? { storedView }

  /// Whether the view is loaded.
  public var isViewLoaded: Bool { storedView != nil }

  /// Loads the view if it is not loaded yet.
  public func loadViewIfNeeded() {
    guard storedView == nil else { return }
    loadView()
    if storedView == nil { storedView = UIView() }
    storedView?.owningController = self
    viewDidLoad()
    #if !canImport(ObjectiveC)
      UIViewController.standInViewDidLoadReturned?(self)
    #endif
  }

  #if !canImport(ObjectiveC)
    /// Stand-in only (no UIKit API): called with the view controller once its `viewDidLoad` has
    /// returned. On iOS, ReactorFlowUIKit hears that moment by wrapping `viewDidLoad` through the
    /// Objective-C runtime, which Linux does not have; here the stand-in reports it instead. Not
    /// declared where the Objective-C runtime exists, as UIKit has no such hook there.
    public static var standInViewDidLoadReturned: (@MainActor (UIViewController) -> Void)?
  #endif

  /// Creates the view. Override to provide your own; do not call `super` then.
  open func loadView() {
    storedView = UIView()
  }

  #if canImport(ObjectiveC)
    /// Called once the view is loaded. As in UIKit, an Objective-C method: the adapter wraps it
    /// through the Objective-C runtime.
    @objc open func viewDidLoad() {}
  #else
    /// Called once the view is loaded.
    open func viewDidLoad() {}
  #endif
  /// Called before the view is added to the visible hierarchy.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view was added to the visible hierarchy.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view is removed from the visible hierarchy.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view was removed from the visible hierarchy.
  open func viewDidDisappear(_ animated: Bool) {}

  /// The tab bar item, created on first access with the title.
  open var tabBarItem: UITabBarItem! {
    get {
      if storedTabBarItem == nil {
        storedTabBarItem = UITabBarItem(title: title, image: nil, selectedImage: nil)
      }
      return storedTabBarItem
    }
    set { storedTabBarItem = newValue }
  }

  // MARK: - Appearance

  /// The children shown when this view controller is: those whose view is in its view (a
  /// container overrides it).
  var shownChildren: [UIViewController] {
    guard let view = storedView else { return [] }
    return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
  }

  /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, then the same for
  /// the shown children. Ignored when it would repeat the current state.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    switch (isAppearing, appearance) {
    case (true, .disappeared), (true, .disappearing):
      appearance = .appearing
      loadViewIfNeeded()
      viewWillAppear(animated)
    case (false, .appeared), (false, .appearing):
      appearance = .disappearing
      viewWillDisappear(animated)
    default:
      return
    }
    for child in shownChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
  }

  /// Ends the appearance transition: `viewDidAppear` or `viewDidDisappear`, then the children.
  public func endAppearanceTransition() {
    switch appearance {
    case .appearing:
      appearance = .appeared
      viewDidAppear(false)
    case .disappearing:
      appearance = .disappeared
      viewDidDisappear(false)
    default:
      return
    }
    for child in shownChildren { child.endAppearanceTransition() }
  }

  /// Whether the view controller has appeared and not disappeared since.
  var isShown: Bool { appearance == .appeared || appearance == .appearing }

  // MARK: - Containment

  /// Adds `childController` as a child; calls its `willMove(toParent:)` (UIKit does). Then add
  /// its view to this one's — it appears then, if this one has appeared — and call
  /// `didMove(toParent:)`.
  open func addChild(_ childController: UIViewController) {
    attach(childController)
  }

  /// Containment without appearance: containers run their own transitions.
  func attach(_ childController: UIViewController) {
    if childController.parent === self { return }
    childController.removeFromParent()
    childController.willMove(toParent: self)
    children.append(childController)
    childController.parent = self
  }

  /// A container's change of children from `old` to `new`, in UIKit's order: the leaving ones
  /// get `willMove(toParent: nil)` and the arriving ones are added; `change` stores the new list
  /// and runs the appearance transition; then the leaving ones are removed
  /// (`didMove(toParent: nil)`) and the arriving ones get `didMove(toParent:)`.
  func replaceChildren(_ old: [UIViewController], with new: [UIViewController], change: () -> Void) {
    let removed = old.filter { current in !new.contains { $0 === current } }
    let added = new.filter { controller in !old.contains { $0 === controller } }
    for controller in removed { controller.willMove(toParent: nil) }
    for controller in added { attach(controller) }
    change()
    for controller in removed {
      detach(controller)
      controller.didMove(toParent: nil)
    }
    for controller in added { controller.didMove(toParent: self) }
  }

  /// `old` gives way to `new` on screen: `viewWillDisappear`, `viewWillAppear`,
  /// `viewDidDisappear`, `viewDidAppear`, as UIKit orders a container's transition.
  static func swapAppearance(from old: UIViewController?, to new: UIViewController?, animated: Bool) {
    old?.beginAppearanceTransition(false, animated: animated)
    new?.beginAppearanceTransition(true, animated: animated)
    old?.endAppearanceTransition()
    new?.endAppearanceTransition()
  }

  /// Removes a child without calling its `didMove(toParent:)` (containers call it themselves).
  func detach(_ childController: UIViewController) {
    children.removeAll { $0 === childController }
    if childController.parent === self { childController.parent = nil }
  }

  /// Removes this view controller from its parent; calls `didMove(toParent: nil)` (UIKit
  /// does). Call `willMove(toParent: nil)` before.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Called before the view controller is added to or removed from a parent.
  open func willMove(toParent parent: UIViewController?) {}
  /// Called after the view controller was added to or removed from a parent.
  open func didMove(toParent parent: UIViewController?) {}

  /// The nearest navigation controller among the ancestors.
  public var navigationController: UINavigationController? {
    var node = parent
    while let current = node {
      if let navigation = current as? UINavigationController { return navigation }
      node = current.parent
    }
    return nil
  }

  /// The nearest tab bar controller among the ancestors.
  public var tabBarController: UITabBarController? {
    var node = parent
    while let current = node {
      if let tabs = current as? UITabBarController { return tabs }
      node = current.parent
    }
    return nil
  }

  // MARK: - Modal presentation

  /// Messages UIKit logs instead of acting (presenting while presenting, …), newest last.
  public static var warnings: [String] = []

  /// The ancestor that presents for this view controller: its root container.
  var presentationContext: UIViewController {
    var node = self
    while let parent = node.parent { node = parent }
    return node
  }

  var resolvedStyle: UIModalPresentationStyle {
    modalPresentationStyle == .automatic ? .pageSheet : modalPresentationStyle
  }

  /// Whether presenting this one hides the presenter (it gets `viewWillDisappear`, …): only
  /// the full-screen styles; sheets and `over…` styles leave the presenter on screen.
  var hidesPresenter: Bool { resolvedStyle == .fullScreen || resolvedStyle == .currentContext }

  /// Presents `viewControllerToPresent` modally. As in UIKit, the presentation is made by the
  /// root container of this view controller; presenting while it already presents something is
  /// logged (see ``warnings``) and ignored.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    let presenter = presentationContext
    if let current = presenter.presentedViewController {
      Self.warnings.append(
        "Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: presenter)) which is already presenting \(type(of: current))."
      )
      return
    }
    presenter.storedPresented = viewControllerToPresent
    viewControllerToPresent.storedPresenting = presenter
    if presenter.isShown {
      let hides = viewControllerToPresent.hidesPresenter
      viewControllerToPresent.isBeingPresented = true
      if hides { presenter.beginAppearanceTransition(false, animated: flag) }
      viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
      viewControllerToPresent.endAppearanceTransition()
      if hides { presenter.endAppearanceTransition() }
      viewControllerToPresent.isBeingPresented = false
    }
    completion?()
  }

  /// Dismisses the view controller this one presents — or, if it presents none, asks its
  /// presenter to dismiss it. What it presented in turn goes with it.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let context = presentationContext
    let target: UIViewController
    if let presented = context.presentedViewController {
      target = presented
    } else if context.presentingViewController != nil {
      target = context
    } else {
      completion?()
      return
    }
    Self.performDismissal(of: target, animated: flag, completes: true)
    completion?()
  }

  /// Dismisses `target`, or — for an interactive dismissal the user cancels — shows it again.
  static func performDismissal(of target: UIViewController, animated: Bool, completes: Bool) {
    guard let presenter = target.presentingViewController else { return }
    // What the target presents goes first, without callbacks of its own beyond disappearing.
    if let above = target.presentedViewController {
      performDismissal(of: above, animated: false, completes: completes)
    }
    let hides = target.hidesPresenter
    let wasShown = target.isShown
    target.isBeingDismissed = true
    if wasShown { target.beginAppearanceTransition(false, animated: animated) }
    if completes {
      if hides, presenter.presentedViewController === target, presenter.isInVisibleHierarchy {
        presenter.beginAppearanceTransition(true, animated: animated)
        presenter.endAppearanceTransition()
      }
      if wasShown { target.endAppearanceTransition() }
      target.isBeingDismissed = false
      presenter.storedPresented = nil
      target.storedPresenting = nil
    } else {
      // The user let go before the threshold: the sheet comes back.
      target.isBeingDismissed = false
      if wasShown {
        target.beginAppearanceTransition(true, animated: animated)
        target.endAppearanceTransition()
      }
    }
  }

  /// Whether this view controller's root is in a visible window or presented from one.
  var isInVisibleHierarchy: Bool {
    let root = presentationContext
    if let window = root.viewIfLoaded?.window { return !window.isHidden }
    return root.presentingViewController?.isInVisibleHierarchy ?? false
  }

  // MARK: - Stand-in only: the user's interactive gestures

  /// Stand-in only (no UIKit API): the user drags this presented sheet down, and lets go past
  /// the threshold (`completes`) or before it (the sheet comes back). UIKit calls
  /// `viewWillDisappear`, then either `viewDidDisappear` or `viewWillAppear` + `viewDidAppear`.
  public func standInInteractiveDismissal(completes: Bool) {
    let target = presentationContext
    guard target.presentingViewController != nil else { return }
    Self.performDismissal(of: target, animated: true, completes: completes)
  }
}
