/// Every `UIViewController` is a ReactorFlow `Presentable`, with RxFlow's rules (see
/// ``PresentationTracker``): visible between `viewDidAppear` and `viewDidDisappear` (a container
/// while one of its children is), dismissed once when it leaves for good — a pop or completed
/// back swipe, a completed dismissal, removal from a window — and not when a dismissal or back
/// swipe is cancelled, nor when it is hidden in another tab.
///
/// The first use of these members installs an invisible child view controller that receives the
/// appearance callbacks (and loads the view).
#if canImport(UIKit)
  extension UIViewController: @retroactive Presentable {}
  extension UIWindow {}
#else
  // UIKitStandIn is in this package: the conformance is not retroactive.
  extension UIViewController: Presentable {}
  extension UIWindow: Presentable {}
#endif

extension UIViewController {
  /// Between `viewDidAppear` and `viewDidDisappear` (a container: while one of its children is).
  public var isVisible: Bool {
    let entry = PresentationTracker.shared.entry(for: self)
    return !entry.isDismissed && PresentationTracker.isShown(self)
  }

  /// Whether it has left for good (popped, dismissed, removed, or replaced as a window's root).
  public var isDismissed: Bool { PresentationTracker.shared.entry(for: self).isDismissed }

  /// Calls `handler` on each change of ``isVisible``.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> Subscription {
    let entry = PresentationTracker.shared.entry(for: self)
    let id = entry.visibilityHandlers.add(handler)
    let (key, serial) = (ObjectIdentifier(self), entry.serial)
    return Subscription {
      onMainActor {
        PresentationTracker.shared.existingEntry(key, serial: serial)?.visibilityHandlers.remove(id)
      }
    }
  }

  /// Calls `handler` once, when it is dismissed (at once if it already is).
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> Subscription {
    let entry = PresentationTracker.shared.entry(for: self)
    if entry.isDismissed {
      handler()
      return .empty
    }
    let id = entry.dismissalHandlers.add(handler)
    let (key, serial) = (ObjectIdentifier(self), entry.serial)
    return Subscription {
      onMainActor {
        PresentationTracker.shared.existingEntry(key, serial: serial)?.dismissalHandlers.remove(id)
      }
    }
  }
}

/// A `UIWindow` is a ReactorFlow `Presentable` that is always visible and never dismissed
/// (RxFlow's rule): an app flow's root.
extension UIWindow {
  /// Always `true`: a window is on screen.
  public var isVisible: Bool { true }
  /// Always `false`: a window is never dismissed.
  public var isDismissed: Bool { false }

  /// Never calls `handler`: a window's visibility does not change.
  public func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> Subscription { .empty }

  /// Never calls `handler`: a window is never dismissed.
  public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> Subscription { .empty }
}
