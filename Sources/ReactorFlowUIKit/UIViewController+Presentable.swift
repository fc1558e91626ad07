#if canImport(UIKit)
  /// Every `UIViewController` and every `UIWindow` is a ``ReactorFlow/Presentable``.
  ///
  /// A view controller follows RxFlow's rules (see `PresentationTracker`): visible between
  /// `viewDidAppear` and `viewDidDisappear` (a container while one of its children is), dismissed
  /// once when it leaves for good — a pop or completed back swipe, a completed dismissal, removal
  /// from a window — and not when a dismissal or back swipe is cancelled, nor when it is hidden in
  /// another tab. A window is always visible and never dismissed: an app flow's root.
  ///
  /// The conformance is not retroactive: `Presentable` is declared in this package.
  extension UIViewController: Presentable {}
  extension UIWindow: Presentable {}

  /// ReactorFlow's members of a view controller or a window, under one name — `rf`, as RxFlow
  /// used `rx` — so that they never collide with an app's own members:
  ///
  /// ```swift
  /// let bag = DisposeBag()
  /// let viewController = UIViewController()
  /// if viewController.rf.isVisible { print("on screen") }
  /// viewController.rf.onDismissed { print("gone") }.disposed(by: bag)
  /// ```
  ///
  /// The first use on a view controller installs an invisible child view controller that
  /// receives the appearance callbacks (and loads the view), except in the view controllers UIKit
  /// says not to modify (see `PresentationTracker`).
  @MainActor
  public struct ReactorFlowMembers<Base: AnyObject> {
    /// The view controller or window.
    public let base: Base
  }

  extension UIViewController {
    /// ReactorFlow's members of this view controller (see ``ReactorFlowMembers``).
    public var rf: ReactorFlowMembers<UIViewController> { ReactorFlowMembers(base: self) }
  }

  extension UIWindow {
    /// ReactorFlow's members of this window (see ``ReactorFlowMembers``).
    public var rf: ReactorFlowMembers<UIWindow> { ReactorFlowMembers(base: self) }
  }

  extension ReactorFlowMembers where Base: UIViewController {
    /// Between `viewDidAppear` and `viewDidDisappear` (a container: while one of its children is).
    public var isVisible: Bool {
      let entry = PresentationTracker.shared.entry(for: base)
      return !entry.isDismissed && PresentationTracker.isShown(base)
    }

    /// Whether it has left for good (popped, dismissed, removed, or replaced as a window's root).
    public var isDismissed: Bool { PresentationTracker.shared.entry(for: base).isDismissed }

    /// Calls `handler` on each change of `isVisible`.
    public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
      let entry = PresentationTracker.shared.entry(for: base)
      let id = entry.visibilityHandlers.add(handler)
      let (key, serial) = (ObjectIdentifier(base), entry.serial)
      return .onMainActor {
        PresentationTracker.shared.existingEntry(key, serial: serial)?.visibilityHandlers.remove(id)
      }
    }

    /// Calls `handler` once, when it is dismissed (at once if it already is).
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
      let entry = PresentationTracker.shared.entry(for: base)
      if entry.isDismissed {
        handler()
        return .empty
      }
      let id = entry.dismissalHandlers.add(handler)
      let (key, serial) = (ObjectIdentifier(base), entry.serial)
      return .onMainActor {
        PresentationTracker.shared.existingEntry(key, serial: serial)?.dismissalHandlers.remove(id)
      }
    }
  }

  /// A `UIWindow` is a ReactorFlow `Presentable` that is always visible and never dismissed
  /// (RxFlow's rule): an app flow's root.
  extension ReactorFlowMembers where Base: UIWindow {
    /// Always `true`: a window is on screen.
    public var isVisible: Bool { true }
    /// Always `false`: a window is never dismissed.
    public var isDismissed: Bool { false }

    /// Never calls `handler`: a window's visibility does not change.
    public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable { .empty }

    /// Never calls `handler`: a window is never dismissed.
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable { .empty }
  }

  // The `Presentable` requirements, in protocol extensions rather than in `UIViewController`
  // itself: an app's view controller may declare its own `isVisible` (or `onDismissed`) without a
  // conflict, and the coordinator still reads ReactorFlow's.

  extension Presentable where Self: UIViewController {
    /// The `Presentable` requirement: the same as `rf.isVisible` (the spelling to use in app code).
    public var isVisible: Bool { rf.isVisible }
    /// The `Presentable` requirement: the same as `rf.isDismissed` (the spelling to use in app code).
    public var isDismissed: Bool { rf.isDismissed }
    /// The `Presentable` requirement: the same as `rf.onVisibilityChange(_:)` (the spelling to use in app code).
    public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
      rf.onVisibilityChange(handler)
    }
    /// The `Presentable` requirement: the same as `rf.onDismissed(_:)` (the spelling to use in app code).
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
      rf.onDismissed(handler)
    }
  }

  extension Presentable where Self: UIWindow {
    /// Always `true` (see `rf.isVisible`).
    public var isVisible: Bool { rf.isVisible }
    /// Always `false` (see `rf.isDismissed`).
    public var isDismissed: Bool { rf.isDismissed }
    /// Never calls `handler` (see `rf.onVisibilityChange(_:)`).
    public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable {
      rf.onVisibilityChange(handler)
    }
    /// Never calls `handler` (see `rf.onDismissed(_:)`).
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
      rf.onDismissed(handler)
    }
  }
#endif
