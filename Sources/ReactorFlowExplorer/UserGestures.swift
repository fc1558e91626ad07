import ReactorFlow
import ReactorFlowHeadless

/// The user's own gestures on the screen tree, as UIKit performs them: the explorer's inputs,
/// and what the reproduction scripts it prints call.
extension Window {
  /// The navigation stack whose back button is shown: the one holding the top screen, if it
  /// holds more than one screen.
  var backStack: NavigationStack? {
    guard let stack = topScreen?.parent as? NavigationStack, stack.viewControllers.count > 1 else {
      return nil
    }
    return stack
  }

  /// The sheet holding the top screen (itself, or the stack it is in), if the user can swipe it
  /// down: a modal presented as `.automatic`, `.pageSheet` or `.formSheet`.
  var swipeableSheet: Screen? {
    var node = topScreen
    while let current = node {
      if current.presentingScreen != nil {
        switch current.modalPresentationStyle {
        case .automatic, .pageSheet, .formSheet: return current
        case .fullScreen, .overFullScreen, .overCurrentContext: return nil
        }
      }
      node = current.parent
    }
    return nil
  }

  /// The tab bars the user sees now.
  var visibleTabBars: [TabBar] { visibleScreens.compactMap { $0 as? TabBar } }

  /// Taps the back button: pops the top navigation stack (and records the gesture when the
  /// window records). Returns `false` (and does nothing) when no back button is shown.
  @discardableResult
  public func userTapsBack() -> Bool {
    guard let stack = backStack else { return false }
    userGestured(.back)
    _ = stack.popViewController()
    return true
  }

  /// Swipes the top sheet down: its presenter dismisses it (the gesture is recorded when the
  /// window records). Returns `false` (and does nothing) when the top screen is not in a sheet
  /// (full-screen modals cannot be swiped down).
  @discardableResult
  public func userSwipesDown() -> Bool {
    guard let sheet = swipeableSheet, let presenter = sheet.presentingScreen else { return false }
    userGestured(.swipeDown)
    presenter.dismiss()
    return true
  }

  /// Selects the visible tab titled `title` (recorded by its index when the window records).
  /// Returns `false` (and does nothing) when no visible tab bar has such a tab.
  @discardableResult
  public func userSelectsTab(_ title: String) -> Bool {
    for (number, tabBar) in visibleTabBars.enumerated() {
      if let index = tabBar.viewControllers.firstIndex(where: { $0.title == title }) {
        userGestured(.selectTab(index), tabBar: number)
        tabBar.select(index)
        return true
      }
    }
    return false
  }

  /// Selects the tab at `index` of the visible tab bar number `tabBar` (from the root down), as
  /// the user does, and records it when the window records. Returns `false` (and does nothing)
  /// when there is no such tab.
  @discardableResult
  public func userSelectsTab(at index: Int, tabBar: Int = 0) -> Bool {
    let tabBars = visibleTabBars
    guard tabBars.indices.contains(tabBar), tabBars[tabBar].viewControllers.indices.contains(index) else {
      return false
    }
    userGestured(.selectTab(index), tabBar: tabBar)
    tabBars[tabBar].select(index)
    return true
  }

  /// Performs the action named `name` of the first visible screen (from the top down) that
  /// offers it through ``ExplorableScreen`` (the screen, or the reactor bound to it). Returns `false` (and does nothing) when none does.
  @discardableResult
  public func userPerforms(_ name: String) async -> Bool {
    for screen in visibleScreens.reversed() {
      let reactor = (screen as? any View)?.reactor as? ExplorableScreen
      let actions = ((screen as? ExplorableScreen)?.userActions ?? []) + (reactor?.userActions ?? [])
      if let action = actions.first(where: { $0.name == name }) {
        await action.perform()
        return true
      }
    }
    return false
  }

  /// Performs `gesture`, recorded at `source` (the window, or one of its tab bars), as the user
  /// did; `false` (nothing done) when it is not available now.
  func perform(_ gesture: JournalGesture, at source: JournalSource) -> Bool {
    switch gesture {
    case .back: return userTapsBack()
    case .swipeDown: return userSwipesDown()
    case .selectTab(let index): return userSelectsTab(at: index, tabBar: source.path.last?.ordinal ?? 0)
    }
  }
}
