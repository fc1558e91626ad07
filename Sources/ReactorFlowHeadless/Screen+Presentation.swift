import ReactorFlow

/// Modal presentation on the screen tree, by UIKit's rules.
extension Screen {
  /// ``present(_:animated:completion:)``'s work, apart so that a subclass's override can call
  /// `super` and still get UIKit's rule.
  func presentModally(_ screen: Screen, animated: Bool, completion: (() -> Void)?) {
    if let current = presentedViewController {
      let holder = current.presentingScreen ?? self
      ReactorFlowDiagnostics.emit(
        .alreadyPresenting(presenter: holder.title, presented: current.title, requested: screen.title))
      return
    }
    screen.detachFromCurrentPlace()
    presentedScreen = screen
    screen.presentingScreen = self
    guard let window else {
      completion?()
      return
    }
    window.attach(screen)
    window.modalDidChange(presented: screen, animated: animated, completion: completion)
  }

  /// Presents `screen` modally in `style` (when not `nil`, it is assigned to the screen's
  /// ``modalPresentationStyle`` first): ``present(_:animated:completion:)`` with a style.
  public func present(_ screen: Screen, style: ModalStyle?) {
    if let style { screen.modalPresentationStyle = style }
    present(screen)
  }

  /// ``dismiss(animated:completion:)``'s work.
  func dismissModal(animated: Bool, completion: (() -> Void)?) {
    let target = presentedViewController ?? presentedAncestor
    guard let target, let presenter = target.presentingScreen else {
      completion?()
      return
    }
    let window = presenter.window
    presenter.presentedScreen = nil
    target.presentingScreen = nil
    target.markDismissed()
    if let window {
      window.treeDidChange(ScreenTransition(isModal: true, animated: animated), completion: completion)
    } else {
      completion?()
    }
  }

  /// The modal presented by this screen, by a container around it, or by a screen inside the
  /// outermost of those containers (UIKit makes every presentation from that container, so it
  /// is the one presenting for all of them). `nil` when none is.
  public var presentedViewController: Screen? {
    var node: Screen? = self
    var context = self
    while let current = node {
      if let presentedScreen = current.presentedScreen { return presentedScreen }
      context = current
      node = current.parent
    }
    return context.presentedInside()
  }

  /// The screen that presented this one, or the container around it that was presented; as in
  /// UIKit, the outermost container of the screen `present` was called on. `nil` when this
  /// screen is not presented and not inside a presented container.
  public var presentingViewController: Screen? {
    guard var presenter = presentedAncestor?.presentingScreen else { return nil }
    while let parent = presenter.parent { presenter = parent }
    return presenter
  }

  /// This screen or the nearest container around it that is presented modally.
  private var presentedAncestor: Screen? {
    var node: Screen? = self
    while let current = node {
      if current.presentingScreen != nil { return current }
      node = current.parent
    }
    return nil
  }

  /// The first modal presented by a screen under this one (depth first, shown child first).
  private func presentedInside() -> Screen? {
    if let presentedScreen { return presentedScreen }
    if let shown = shownChild, let found = shown.presentedInside() { return found }
    for child in children where child !== shownChild {
      if let found = child.presentedInside() { return found }
    }
    return nil
  }
}
