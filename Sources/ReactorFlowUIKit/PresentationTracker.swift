#if canImport(UIKit)
  /// Follows UIKit's appearance callbacks for the view controllers ReactorFlow observes and turns
  /// them into RxFlow's visibility and dismissal signals — without method swizzling or associated
  /// objects.
  ///
  /// Each kind of view controller is treated explicitly (see ``Treatment``): navigation and tab bar
  /// controllers through their children; alerts and the system pickers, whose view hierarchy UIKit
  /// says must not be modified, without touching them; every other view controller — split and
  /// page view controllers and other custom containers included — gets a ``LifecycleObserver``
  /// child, to which UIKit forwards the appearance callbacks. Then:
  ///
  /// - **visible** from `viewDidAppear` to `viewDidDisappear` (RxFlow's rule); a container is
  ///   visible while one of its children is;
  /// - **dismissed**, once, at a `viewDidDisappear` after which it has left for good: it or an
  ///   ancestor is being dismissed, or is no longer in its navigation controller's stack (a pop,
  ///   a completed back swipe, `setViewControllers`), or its root is in no window and presented by
  ///   nothing. A cancelled interactive dismissal or back swipe never calls `viewDidDisappear` on
  ///   the view controller that stays, so it does not count (RxFlow PR #75); a view controller
  ///   hidden in another tab is still in its container, and one a page container (a custom
  ///   container) removes when it pages away may come back, so neither is dismissed (RxFlow #100,
  ///   #106, #117).
  @MainActor
  final class PresentationTracker {
    static let shared = PresentationTracker()

    /// What is known of one observed view controller.
    @MainActor
    final class Entry {
      weak var controller: UIViewController?
      /// Unique among all entries ever made: an address can be reused, a serial cannot.
      let serial: Int
      var isVisible = false
      var isDismissed = false
      /// Dismissal is only possible once the view controller was in a window's hierarchy (a view
      /// controller created and observed before it is shown is not "dismissed").
      var wasAttached = false
      /// Was last seen in a custom container (a page view controller): leaving it is paging, not
      /// a dismissal (RxFlow #100, #106, #117).
      var inCustomContainer = false
      var visibilityHandlers = HandlerList<@MainActor (Bool) -> Void>()
      var dismissalHandlers = HandlerList<@MainActor () -> Void>()

      init(controller: UIViewController, serial: Int) {
        self.controller = controller
        self.serial = serial
      }
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var nextSerial = 0

    /// The entry made for a view controller, if it is still the one at `key` (subscriptions hold
    /// these two numbers instead of weak references).
    func existingEntry(_ key: ObjectIdentifier, serial: Int) -> Entry? {
      guard let entry = entries[key], entry.serial == serial else { return nil }
      return entry
    }

    /// The entry of `controller`, created (and its leaves observed) on first use.
    func entry(for controller: UIViewController) -> Entry {
      let key = ObjectIdentifier(controller)
      if let entry = entries[key], entry.controller === controller {
        // A container may have gained children since (a flow fills its stack after its root was
        // presented): observe them now.
        if Self.isContainer(controller), !entry.isDismissed { observeLeaves(of: controller) }
        return entry
      }
      let entry = Entry(controller: controller, serial: nextSerial)
      nextSerial += 1
      LiveObjects.note(controller, "\(type(of: controller))")
      entries = entries.filter { $0.value.controller != nil }
      entries[key] = entry
      observeLeaves(of: controller)
      if Self.isContainer(controller) {
        // A flow usually fills its root container right after it is observed (its first step):
        // observe those children too, on the next turn of the main actor, before any user input.
        // Weakly: a container released before then is not kept alive by this.
        Task { @MainActor [weak controller] in
          if let controller { PresentationTracker.shared.observeLeaves(of: controller) }
        }
      }
      entry.isVisible = Self.isShown(controller)
      entry.wasAttached = !Self.isGone(controller)
      return entry
    }

    /// Installs an observer in `controller` if it is observed, else in its children's leaves.
    func observeLeaves(of controller: UIViewController) {
      if controller is LifecycleObserver { return }
      switch Self.treatment(of: controller) {
      case .container:
        for child in controller.children { observeLeaves(of: child) }
      case .untouchable:
        return
      case .observed:
        if LifecycleObserver.existing(in: controller) == nil { LifecycleObserver.install(in: controller) }
      }
    }

    /// How the tracker follows a kind of view controller.
    enum Treatment {
      /// Navigation and tab bar controllers: through their children, which are observed; visible
      /// while one of them is.
      case container
      /// Alerts and the system pickers: UIKit documents their view hierarchy as private, so no
      /// observer child is added. Visible while presented and presenting nothing; dismissed when
      /// found gone at the next appearance change of an observed view controller.
      case untouchable
      /// Every other view controller, split and page view controllers and other custom
      /// containers included: an observer child receives the appearance callbacks.
      case observed
    }

    static func treatment(of controller: UIViewController) -> Treatment {
      if isUntouchable(controller) { return .untouchable }
      if controller is UINavigationController || controller is UITabBarController { return .container }
      return .observed
    }

    static func isContainer(_ controller: UIViewController) -> Bool {
      treatment(of: controller) == .container
    }

    /// The view controllers UIKit says not to modify (the image picker and the video editor are
    /// navigation controllers: they are checked first).
    static func isUntouchable(_ controller: UIViewController) -> Bool {
      if controller is UIAlertController { return true }
      #if !os(tvOS) && !os(watchOS)
        return controller is UIImagePickerController || controller is UIVideoEditorController
          || controller is UIDocumentPickerViewController || controller is UIActivityViewController
          || controller is UIColorPickerViewController || controller is UIFontPickerViewController
      #else
        return false
      #endif
    }

    /// Whether `controller` is on screen as UIKit last said (a container: one of its children).
    static func isShown(_ controller: UIViewController) -> Bool {
      switch treatment(of: controller) {
      case .container:
        return controller.children.contains { isShown($0) }
      case .untouchable:
        return controller.presentingViewController != nil && !controller.isBeingDismissed
          && controller.presentedViewController == nil
      case .observed:
        return LifecycleObserver.existing(in: controller)?.isShownNow == true
      }
    }

    /// Whether `controller` has left for good (see the type's documentation).
    static func isGone(_ controller: UIViewController) -> Bool {
      var node = controller
      while true {
        if node.isBeingDismissed { return true }
        if let parent = node.parent {
          if let navigation = parent as? UINavigationController,
            !navigation.viewControllers.contains(where: { $0 === node })
          {
            return true
          }
          if let tabs = parent as? UITabBarController,
            !(tabs.viewControllers ?? []).contains(where: { $0 === node })
          {
            return true
          }
          node = parent
          continue
        }
        if let presenter = node.presentingViewController {
          node = presenter
          continue
        }
        return node.viewIfLoaded?.window == nil
      }
    }

    // MARK: - Callbacks from the observers

    /// A view controller is about to disappear: a new one may be about to appear (a push, a tab
    /// switch), so observe the leaves of the containers followed before it does.
    func willChange() {
      for entry in entries.values {
        if let controller = entry.controller, Self.isContainer(controller) { observeLeaves(of: controller) }
      }
    }

    /// Something appeared or disappeared: update visibility, and after a disappearance, dismissal.
    func didChange(afterDisappearance: Bool) {
      entries = entries.filter { $0.value.controller != nil }
      willChange()
      for entry in Array(entries.values) {
        guard let controller = entry.controller, !entry.isDismissed else { continue }
        let visible = Self.isShown(controller)
        if let parent = controller.parent { entry.inCustomContainer = !Self.isContainer(parent) }
        let gone =
          Self.isGone(controller)
          && !(entry.inCustomContainer && controller.parent == nil
            && controller.presentingViewController == nil)
        if !gone { entry.wasAttached = true }
        if visible != entry.isVisible {
          entry.isVisible = visible
          for (_, handler) in entry.visibilityHandlers.entries { handler(visible) }
        }
        if afterDisappearance, entry.wasAttached, gone {
          entry.isDismissed = true
          entry.visibilityHandlers = HandlerList()
          for handler in entry.dismissalHandlers.takeAll() { handler() }
        }
      }
    }
  }

  /// An invisible child view controller that receives the appearance callbacks UIKit forwards to
  /// children, for ``PresentationTracker``.
  @MainActor
  final class LifecycleObserver: UIViewController {
    /// Between `viewDidAppear` and `viewDidDisappear`.
    private(set) var isShownNow = false

    /// Adds an observer to `parent`, its (hidden) view in the parent's view — which loads the
    /// parent's view: UIKit forwards appearance callbacks only to children whose view is in the
    /// view hierarchy.
    @discardableResult
    static func install(in parent: UIViewController) -> LifecycleObserver {
      let observer = LifecycleObserver(nibName: nil, bundle: nil)
      parent.addChild(observer)
      parent.view.addSubview(observer.view)
      observer.view.isHidden = true
      observer.didMove(toParent: parent)
      return observer
    }

    /// The observer `parent` already has, if any.
    static func existing(in parent: UIViewController) -> LifecycleObserver? {
      parent.children.lazy.compactMap { $0 as? LifecycleObserver }.first
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      isShownNow = true
      PresentationTracker.shared.didChange(afterDisappearance: false)
    }

    override func viewWillDisappear(_ animated: Bool) {
      super.viewWillDisappear(animated)
      PresentationTracker.shared.willChange()
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      isShownNow = false
      PresentationTracker.shared.didChange(afterDisappearance: true)
    }
  }
#endif
