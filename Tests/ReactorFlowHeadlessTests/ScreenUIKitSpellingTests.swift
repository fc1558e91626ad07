import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// UIKit's names on the screen tree, with UIKit's meaning: completions, the presentation
/// properties (UIKit presents from the outermost container), containers, tab bar items.
@MainActor
@Suite("Presentation: UIKit's spellings on the screen tree", .checksLeaks)
struct ScreenUIKitSpellingTests {
  let log = LifecycleLog()

  @Test(
    "present's completion runs after the presented screen's viewDidAppear; dismiss's after viewDidDisappear")
  func completions() {
    let window = Window()
    let root = RecordingScreen("Root", log: log)
    window.rootViewController = root
    _ = log.take()
    let modal = RecordingScreen("Modal", log: log)
    root.present(modal, animated: true) { [log] in log.entries.append("presented") }
    #expect(
      log.take() == [
        "Modal.viewDidLoad", "Modal.viewWillAppear(true)", "Modal.viewDidAppear(true)", "presented",
      ])
    root.dismiss(animated: true) { [log] in log.entries.append("dismissed") }
    #expect(log.take() == ["Modal.viewWillDisappear(true)", "Modal.viewDidDisappear(true)", "dismissed"])
  }

  @Test("a completion of a change made in a callback runs after that change's own pass")
  func completionOfNestedChange() {
    let window = Window()
    let stack = NavigationStack(rootViewController: Screen(title: "A"))
    window.rootViewController = stack
    let pushed = RecordingScreen("Pushed", log: log)
    pushed.onDidAppear = { [unowned pushed, log] in
      pushed.present(RecordingScreen("Sheet", log: log), animated: false) { log.entries.append("completion") }
      log.entries.append("present returned")
    }
    stack.pushViewController(pushed, animated: false)
    #expect(
      log.take() == [
        "Pushed.viewDidLoad", "Pushed.viewWillAppear(false)", "Pushed.viewDidAppear(false)",
        "present returned",
        "Sheet.viewDidLoad", "Sheet.viewWillAppear(false)", "Sheet.viewDidAppear(false)", "completion",
      ])
    pushed.onDidAppear = nil
  }

  @Test("outside a window, a change has no pass: its completion runs at once")
  func completionOutsideWindow() {
    let root = Screen(title: "Root")
    var calls: [String] = []
    root.present(Screen(title: "M"), animated: true) { calls.append("presented") }
    root.dismiss(animated: true) { calls.append("dismissed") }
    #expect(calls == ["presented", "dismissed"] && root.presentedViewController == nil)
  }

  @Test("dismiss with nothing to dismiss runs its completion at once (a dismiss before a present)")
  func dismissNothing() {
    let window = Window()
    let root = TabBar(title: "Root")
    window.rootViewController = root
    let auth = NavigationStack(rootViewController: Screen(title: "Sign in"))
    root.dismiss(animated: false) {
      auth.modalPresentationStyle = .overFullScreen
      root.present(auth, animated: false)
    }
    #expect(root.presentedViewController === auth)
    // Again, with the auth modal up: the completion runs after the dismissal.
    let again = NavigationStack(rootViewController: Screen(title: "Sign in again"))
    root.dismiss(animated: false) { root.present(again, animated: false) }
    #expect(auth.isDismissed && root.presentedViewController === again)
    #expect(
      window.render() == """
        window
          tabs "Root"
            modal(automatic) navigation *
              screen "Sign in again" *
        """)
  }

  @Test(
    "presenting while presenting is reported, and the completion does not run (UIKit logs and ignores it)")
  func doublePresent() async {
    let window = Window()
    let stack = NavigationStack(rootViewController: Screen(title: "A"), title: "Nav")
    window.rootViewController = stack
    stack.present(Screen(title: "First"), animated: false)
    var completed = false
    // From a screen inside the stack: UIKit presents from the stack, which already presents.
    let diagnostics = await withDiagnostics {
      stack.topViewController!.present(Screen(title: "Second"), animated: false) { completed = true }
    }
    #expect(
      diagnostics == [
        .screenTree(.alreadyPresenting(presenter: "Nav", presented: "First", requested: "Second"))
      ])
    #expect(!completed)
  }

  @Test(
    "presentedViewController / presentingViewController: UIKit's definitions (the outermost container presents)"
  )
  func presentationProperties() {
    let window = Window()
    let a = Screen(title: "A")
    let stack = NavigationStack(rootViewController: a, title: "Nav")
    let tabs = TabBar(title: "Tabs")
    tabs.viewControllers = [stack]
    window.rootViewController = tabs
    let modalRoot = Screen(title: "ModalRoot")
    let modal = NavigationStack(rootViewController: modalRoot, title: "Modal")
    a.present(modal, animated: false)
    #expect(a.presentedViewController === modal)
    #expect(stack.presentedViewController === modal && tabs.presentedViewController === modal)
    #expect(modal.presentingViewController === tabs && modalRoot.presentingViewController === tabs)
    #expect(modal.presentedViewController == nil && a.presentingViewController == nil)
    #expect(stack.visibleViewController === modal)
    // Seed 003: `self.rootViewController.presentedViewController?.dismiss(animated: true)`.
    tabs.presentedViewController?.dismiss(animated: true)
    #expect(modal.isDismissed && tabs.presentedViewController == nil)
    // A screen inside a presented stack dismisses the stack (UIKit's rule).
    let second = NavigationStack(rootViewController: Screen(title: "Inner"))
    tabs.present(second, animated: false)
    second.topViewController!.dismiss(animated: false)
    #expect(second.isDismissed)
    // Dismissing from the container dismisses what its child presented.
    a.present(Screen(title: "Third"), animated: false)
    tabs.dismiss(animated: false)
    #expect(a.presentedViewController == nil && !stack.isDismissed)
  }

  @Test("navigationController and tabBarController are the nearest containers around a screen")
  func containers() {
    let a = Screen(title: "A")
    let stack = NavigationStack(rootViewController: a)
    let tabs = TabBar()
    tabs.setViewControllers([stack], animated: false)
    #expect(a.navigationController === stack && a.tabBarController === tabs)
    #expect(stack.navigationController == nil && stack.tabBarController === tabs)
    let modal = Screen(title: "M")
    a.present(modal, animated: false)
    #expect(modal.navigationController == nil && modal.tabBarController == nil)
    // Seed 004: `owner.navigationController?.pushViewController(vc, animated: true)`.
    a.navigationController?.pushViewController(Screen(title: "B"), animated: true)
    #expect(stack.topViewController?.title == "B")
  }

  @Test("tabBarItem: the title by default; an assigned item's title names the tab; selection is settable")
  func tabBarItems() async {
    let window = Window()
    let tabs = TabBar(title: "Main")
    let wishlist = NavigationStack(rootViewController: Screen(title: "Movies"))
    let watched = NavigationStack(rootViewController: Screen(title: "Movies"))
    #expect(wishlist.tabBarItem == TabBarItem(title: ""))
    wishlist.tabBarItem = TabBarItem(title: "Wishlist", image: nil, selectedImage: nil)
    watched.tabBarItem = TabBarItem(title: "Watched", image: "eye", tag: 1)
    tabs.setViewControllers([wishlist, watched], animated: false)
    window.rootViewController = tabs
    tabs.selectedViewController = watched
    #expect(tabs.selectedIndex == 1 && watched.tabBarItem.image == "eye")
    #expect(
      window.render() == """
        window
          tabs "Main" tabs: Wishlist | [Watched] *
            navigation
              screen "Movies"
            navigation *
              screen "Movies" *
        """)
    let diagnostics = await withDiagnostics {
      tabs.selectedIndex = 5
      tabs.selectedViewController = Screen(title: "Stranger")
    }
    #expect(
      diagnostics == [
        .screenTree(.noSuchTab(tabBar: "Main", index: 5, count: 2)),
        .screenTree(.notATab(tabBar: "Main", screen: "Stranger")),
      ])
    #expect(tabs.selectedIndex == 1)
  }

  @Test(
    "pop results: popViewController returns the popped screen; popTo returns nil for a screen not in the stack"
  )
  func popResults() async {
    let a = Screen(title: "A")
    let stack = NavigationStack(rootViewController: a, title: "Nav")
    #expect(stack.popViewController(animated: true) == nil)
    #expect(stack.popToRootViewController(animated: true)?.isEmpty == true)
    stack.pushViewController(Screen(title: "B"), animated: false)
    #expect(stack.popViewController(animated: false)?.title == "B")
    let diagnostics = await withDiagnostics {
      #expect(stack.popToViewController(Screen(title: "X"), animated: true) == nil)
    }
    #expect(diagnostics == [.screenTree(.popToMissingScreen(screen: "X", stack: "Nav"))])
    #expect(NavigationStack().popToRootViewController(animated: false) == nil)
  }
}
