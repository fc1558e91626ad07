import ReactorFlow

/// The containers around a screen, and how a container changes its children.
extension Screen {
  /// The nearest navigation stack around this screen, if any.
  public var navigationController: NavigationStack? {
    var node = parent
    while let current = node {
      if let stack = current as? NavigationStack { return stack }
      node = current.parent
    }
    return nil
  }

  /// The nearest tab bar around this screen, if any.
  public var tabBarController: TabBar? {
    var node = parent
    while let current = node {
      if let tabs = current as? TabBar { return tabs }
      node = current.parent
    }
    return nil
  }

  // MARK: - Tree maintenance

  /// Takes this screen out of wherever it is (stack, tab bar, window root, modal) without
  /// dismissing it: it is being moved.
  func detachFromCurrentPlace() {
    if let parent {
      parent.removeChild(self)
      self.parent = nil
    }
    if let presenter = presentingScreen {
      presenter.presentedScreen = nil
      presentingScreen = nil
    }
    if let window, window.rootViewController === self { window.releaseRoot() }
  }

  /// For a custom container: replaces its children `current` with `screens`, as UIKit's
  /// containers do — the newcomers are taken from wherever they are, `store` saves the new list
  /// in the container's own storage, the children no longer kept are dismissed, and the window
  /// updates what is in view and visible (calling the lifecycle methods).
  ///
  /// A custom container is a `Screen` subclass that keeps its children and overrides
  /// ``children``, ``shownChild`` (the one child in view: the screen tree shows one chain of
  /// screens), ``kind``, ``removeChild(_:)`` and, if it likes, ``renderedSummary``; it calls
  /// this method to change its children and ``shownChildDidChange(animated:)`` when it shows
  /// another one. ``PageContainer`` is one:
  ///
  /// ```swift
  /// final class CarouselScreen: Screen {
  ///   private var items: [Screen] = []
  ///   private var current = 0
  ///
  ///   override var children: [Screen] { items }
  ///   override var shownChild: Screen? { items.indices.contains(current) ? items[current] : nil }
  ///   override var kind: String { "carousel" }
  ///
  ///   func setItems(_ screens: [Screen]) {
  ///     replaceChildren(items, with: screens, animated: false) { items = screens }
  ///   }
  ///
  ///   func show(_ index: Int) {
  ///     current = index
  ///     shownChildDidChange(animated: true)
  ///   }
  ///
  ///   override func removeChild(_ child: Screen) {
  ///     items.removeAll { $0 === child }
  ///   }
  /// }
  /// ```
  public func replaceChildren(
    _ current: [Screen], with screens: [Screen], animated: Bool, store: () -> Void
  ) {
    let removed = prepareToReplaceChildren(current, with: screens)
    store()
    adoptChildren(screens, dismissing: removed, animated: animated)
  }

  /// For a custom container: tells the window that ``shownChild`` changed, so that it updates
  /// what is in view and visible (see ``replaceChildren(_:with:animated:store:)``).
  public func shownChildDidChange(animated: Bool) {
    window?.treeDidChange(ScreenTransition(isModal: false, animated: animated))
  }

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
  func adoptChildren(_ screens: [Screen], dismissing removed: [Screen], animated: Bool) {
    for screen in screens {
      screen.parent = self
      window?.attach(screen)
    }
    for screen in removed {
      screen.parent = nil
      screen.markDismissed()
    }
    window?.treeDidChange(ScreenTransition(isModal: false, animated: animated))
  }
}
