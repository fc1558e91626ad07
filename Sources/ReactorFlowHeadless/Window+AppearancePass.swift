import ReactorFlow

/// The window's pass over the tree after a change: which screens come into view, which leave,
/// which become visible, and the lifecycle calls in UIKit's order.
extension Window {
  /// One pass: views load, `viewWill…`, visibility, `viewDid…` (UIKit's order).
  func applyChange(_ transition: ScreenTransition) {
    // Modals that left the window (dismissed, or moved with their presenter) no longer cover.
    if !hot.contents.modals.isEmpty {
      hot.contents.modals.removeAll { $0.window !== self || $0.presentingScreen == nil }
    }
    computeVisible()
    if hot.contents.modals.isEmpty {
      // No modal: the screens in view are the visible chain (the common case, kept cheap).
      if hot.contents.appearedIsVisible {
        collectTransitions(from: hot.contents.nextVisible, to: hot.contents.visibleScreens)
      } else {
        collectTransitions(from: hot.contents.appeared, to: hot.contents.visibleScreens)
        hot.contents.appeared.removeAll(keepingCapacity: true)
        hot.contents.appearedIsVisible = true
      }
    } else {
      if hot.contents.appearedIsVisible {
        let previous = hot.contents.nextVisible
        hot.contents.appeared.removeAll(keepingCapacity: true)
        hot.contents.appeared.append(contentsOf: previous)
        hot.contents.appearedIsVisible = false
      }
      computeAppeared()
      collectTransitions(from: hot.contents.previouslyAppeared, to: hot.contents.appeared)
      hot.contents.previouslyAppeared.removeAll(keepingCapacity: true)
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
    swap(&hot.contents.appeared, &hot.contents.previouslyAppeared)
    if !hot.contents.appeared.isEmpty { hot.contents.appeared.removeAll(keepingCapacity: true) }
    appendShownChain(from: hot.contents.root)
    var index = 0
    while index < hot.contents.modals.count {
      let modal = hot.contents.modals[index]
      if modal.modalPresentationStyle.hidesPresenter {
        hot.contents.appeared.removeAll(keepingCapacity: true)
      }
      appendShownChain(from: modal)
      index += 1
    }
  }

  private func appendShownChain(from screen: Screen?) {
    var node = screen
    while let current = node {
      hot.contents.appeared.append(current)
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
      if screen.hot.contents.appearance != .appeared { hot.contents.arriving.append(screen) }
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
    hot.contents.nextVisible.removeAll(keepingCapacity: true)
    var node: Screen? = hot.contents.modals.last ?? hot.contents.root
    while let current = node {
      hot.contents.nextVisible.append(current)
      node = current.shownChild
    }
    swap(&hot.contents.visibleScreens, &hot.contents.nextVisible)
  }

  /// Tells the screens whose visibility changed (from `nextVisible`, the previous chain, to
  /// `visibleScreens`), then forgets the previous chain. A screen dismissed since the chain was
  /// computed (by a `viewWill…` callback) is not made visible.
  private func signalVisibility() {
    // Only the part after the common prefix changed (a push or pop changes the last screen).
    var common = 0
    while common < hot.contents.nextVisible.count, common < hot.contents.visibleScreens.count,
      hot.contents.nextVisible[common] === hot.contents.visibleScreens[common]
    {
      common += 1
    }
    for index in common..<hot.contents.nextVisible.count
    where !hot.contents.visibleScreens[common...].contains(where: { $0 === hot.contents.nextVisible[index] })
    {
      hot.contents.nextVisible[index].setVisible(false)
    }
    for index in common..<hot.contents.visibleScreens.count
    where !hot.contents.visibleScreens[index].isDismissed {
      hot.contents.visibleScreens[index].setVisible(true)
    }
    hot.contents.nextVisible.removeAll(keepingCapacity: true)
  }
}
