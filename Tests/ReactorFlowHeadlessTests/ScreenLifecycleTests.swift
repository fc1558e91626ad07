import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// The lifecycle calls the tree makes, checked against UIKit's documented order: a container's
/// change (push, pop, set, tab switch) calls the leaving screen's `viewWillDisappear`, the
/// arriving one's `viewWillAppear`, then `viewDidDisappear` and `viewDidAppear`; a modal
/// presentation calls the presented screen's `viewDidAppear` before the hidden presenter's
/// `viewDidDisappear` (and a dismissal mirrors it); a sheet leaves its presenter in view.
@MainActor
@Suite("Presentation: lifecycle calls in UIKit's order", .checksLeaks)
struct ScreenLifecycleTests {
  let log = LifecycleLog()

  /// A window whose root is a recording stack holding `screens`, its setup calls forgotten.
  func stackInWindow(_ screens: [Screen]) -> (Window, RecordingStack) {
    let window = Window()
    let stack = RecordingStack("Nav", log: log)
    stack.setViewControllers(screens, animated: false)
    window.rootViewController = stack
    _ = log.take()
    return (window, stack)
  }

  @Test("a window's root appears with its shown chain: views load, container first, then appear")
  func rootAppears() {
    let window = Window()
    let a = RecordingScreen("A", log: log)
    let hidden = RecordingScreen("Hidden", log: log)
    let stack = RecordingStack("Nav", root: hidden, log: log)
    stack.pushViewController(a, animated: false)
    #expect(log.take() == [], "nothing is in view before the stack is in a window")
    window.rootViewController = stack
    #expect(
      log.take() == [
        "Nav.viewDidLoad", "A.viewDidLoad",
        "Nav.viewWillAppear(false)", "A.viewWillAppear(false)",
        "Nav.viewDidAppear(false)", "A.viewDidAppear(false)",
      ])
    #expect(!hidden.isViewLoaded, "a screen under the top loads when it first appears")
  }

  @Test("push: new loads, old.viewWillDisappear, new.viewWillAppear, old.viewDidDisappear, new.viewDidAppear")
  func push() {
    let a = RecordingScreen("A", log: log)
    let (window, stack) = stackInWindow([a])
    stack.pushViewController(RecordingScreen("B", log: log), animated: true)
    #expect(
      log.take() == [
        "B.viewDidLoad",
        "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
      ])
    _ = window
  }

  @Test("pop: the top disappears, the one below appears (no second viewDidLoad); the popped one is dismissed")
  func pop() {
    let a = RecordingScreen("A", log: log)
    let b = RecordingScreen("B", log: log)
    let (window, stack) = stackInWindow([a])
    stack.pushViewController(b, animated: false)
    _ = log.take()
    let popped = stack.popViewController(animated: true)
    #expect(popped === b && b.isDismissed)
    #expect(
      log.take() == [
        "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
        "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
      ])
    _ = window
  }

  @Test("popToRoot and popTo: only the top and the new top get calls; screens between get none")
  func popToRoot() {
    let screens = ["A", "B", "C", "D"].map { RecordingScreen($0, log: log) }
    let (window, stack) = stackInWindow(screens)
    #expect(stack.popToViewController(screens[1], animated: false)?.map(\.title) == ["C", "D"])
    #expect(
      log.take() == [
        "B.viewDidLoad",
        "D.viewWillDisappear(false)", "B.viewWillAppear(false)",
        "D.viewDidDisappear(false)", "B.viewDidAppear(false)",
      ])
    #expect(stack.popToRootViewController(animated: true)?.map(\.title) == ["B"])
    #expect(
      log.take() == [
        "A.viewDidLoad",
        "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
        "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
      ])
    _ = window
  }

  @Test("set: the old top disappears, the new top appears; assigning viewControllers is not animated")
  func set() {
    let (window, stack) = stackInWindow([RecordingScreen("A", log: log)])
    stack.setViewControllers(
      [RecordingScreen("B", log: log), RecordingScreen("C", log: log)], animated: true)
    #expect(
      log.take() == [
        "C.viewDidLoad",
        "A.viewWillDisappear(true)", "C.viewWillAppear(true)",
        "A.viewDidDisappear(true)", "C.viewDidAppear(true)",
      ])
    stack.viewControllers = [RecordingScreen("D", log: log)]
    #expect(
      log.take() == [
        "D.viewDidLoad",
        "C.viewWillDisappear(false)", "D.viewWillAppear(false)",
        "C.viewDidDisappear(false)", "D.viewDidAppear(false)",
      ])
    // Keeping the top: nothing changes on screen, no calls.
    let top = stack.topViewController!
    stack.setViewControllers([RecordingScreen("E", log: log), top], animated: false)
    #expect(log.take() == [])
    _ = window
  }

  @Test("a sheet appears over its presenter, which stays in view (no viewWillDisappear), as since iOS 13")
  func sheet() {
    let a = RecordingScreen("A", log: log)
    let (window, stack) = stackInWindow([a])
    let sheet = RecordingScreen("Sheet", log: log)
    a.present(sheet, animated: true)
    #expect(
      log.take() == [
        "Sheet.viewDidLoad", "Sheet.viewWillAppear(true)", "Sheet.viewDidAppear(true)",
      ])
    #expect(!a.isVisible, "covered: the visibility signal is unchanged")
    var completed = false
    sheet.dismiss(animated: true) { completed = true }
    #expect(completed)
    #expect(log.take() == ["Sheet.viewWillDisappear(true)", "Sheet.viewDidDisappear(true)"])
    #expect(a.isVisible)
    _ = (window, stack)
  }

  @Test(
    "full screen: the presenter's chain disappears; presented.viewDidAppear before presenter.viewDidDisappear"
  )
  func fullScreen() {
    let a = RecordingScreen("A", log: log)
    let (window, stack) = stackInWindow([a])
    let modal = RecordingStack("Modal", root: RecordingScreen("M", log: log), log: log)
    modal.modalPresentationStyle = .fullScreen
    a.present(modal, animated: true)
    #expect(
      log.take() == [
        "Modal.viewDidLoad", "M.viewDidLoad",
        "Nav.viewWillDisappear(true)", "A.viewWillDisappear(true)",
        "Modal.viewWillAppear(true)", "M.viewWillAppear(true)",
        "Modal.viewDidAppear(true)", "M.viewDidAppear(true)",
        "Nav.viewDidDisappear(true)", "A.viewDidDisappear(true)",
      ])
    a.dismiss(animated: false) { self.log.entries.append("completion") }
    #expect(
      log.take() == [
        "Modal.viewWillDisappear(false)", "M.viewWillDisappear(false)",
        "Nav.viewWillAppear(false)", "A.viewWillAppear(false)",
        "Nav.viewDidAppear(false)", "A.viewDidAppear(false)",
        "Modal.viewDidDisappear(false)", "M.viewDidDisappear(false)",
        "completion",
      ])
    #expect(modal.isDismissed)
    _ = (window, stack)
  }

  @Test("over-full-screen and other styles leave the presenter in view")
  func overFullScreen() {
    let a = RecordingScreen("A", log: log)
    let (window, _) = stackInWindow([a])
    for style in [ModalStyle.overFullScreen, .overCurrentContext, .formSheet, .pageSheet, .automatic] {
      let modal = RecordingScreen("M", log: log)
      modal.modalPresentationStyle = style
      a.present(modal, animated: false)
      a.dismiss(animated: false)
      #expect(
        log.take() == [
          "M.viewDidLoad", "M.viewWillAppear(false)", "M.viewDidAppear(false)",
          "M.viewWillDisappear(false)", "M.viewDidDisappear(false)",
        ], "\(style)")
    }
    _ = window
  }

  @Test("tab switch: the old tab's chain disappears, the new one's appears; a tab loads when first shown")
  func tabSwitch() {
    let window = Window()
    let tabs = RecordingTabBar("Tabs", log: log)
    let home = RecordingStack("Home", root: RecordingScreen("H", log: log), log: log)
    let page = RecordingStack("Page", root: RecordingScreen("P", log: log), log: log)
    tabs.setViewControllers([home, page], animated: false)
    window.rootViewController = tabs
    #expect(
      log.take() == [
        "Tabs.viewDidLoad", "Home.viewDidLoad", "H.viewDidLoad",
        "Tabs.viewWillAppear(false)", "Home.viewWillAppear(false)", "H.viewWillAppear(false)",
        "Tabs.viewDidAppear(false)", "Home.viewDidAppear(false)", "H.viewDidAppear(false)",
      ])
    #expect(!page.isViewLoaded)
    tabs.selectedIndex = 1
    #expect(
      log.take() == [
        "Page.viewDidLoad", "P.viewDidLoad",
        "Home.viewWillDisappear(false)", "H.viewWillDisappear(false)",
        "Page.viewWillAppear(false)", "P.viewWillAppear(false)",
        "Home.viewDidDisappear(false)", "H.viewDidDisappear(false)",
        "Page.viewDidAppear(false)", "P.viewDidAppear(false)",
      ])
    tabs.selectedViewController = home
    #expect(
      log.take() == [
        "Page.viewWillDisappear(false)", "P.viewWillDisappear(false)",
        "Home.viewWillAppear(false)", "H.viewWillAppear(false)",
        "Page.viewDidDisappear(false)", "P.viewDidDisappear(false)",
        "Home.viewDidAppear(false)", "H.viewDidAppear(false)",
      ])
    tabs.selectedIndex = 0
    #expect(log.take() == [], "selecting the selected tab changes nothing")
  }

  @Test("nested: a push in the selected tab's stack, under a sheet; replacing the window's root")
  func nested() {
    let window = Window()
    let tabs = RecordingTabBar("Tabs", log: log)
    let home = RecordingStack("Home", root: RecordingScreen("H", log: log), log: log)
    tabs.setViewControllers([home, RecordingStack("Page", root: RecordingScreen("P", log: log), log: log)])
    window.rootViewController = tabs
    home.topViewController!.present(RecordingScreen("Sheet", log: log), animated: false)
    _ = log.take()
    // The stack under the sheet is still in view: its push calls what a push calls.
    home.pushViewController(RecordingScreen("H2", log: log), animated: false)
    #expect(
      log.take() == [
        "H2.viewDidLoad",
        "H.viewWillDisappear(false)", "H2.viewWillAppear(false)",
        "H.viewDidDisappear(false)", "H2.viewDidAppear(false)",
      ])
    // A new root: the whole old tree (the sheet too) disappears, then is dismissed.
    let next = RecordingScreen("Next", log: log)
    window.rootViewController = next
    #expect(
      log.take() == [
        "Next.viewDidLoad",
        "Tabs.viewWillDisappear(false)", "Home.viewWillDisappear(false)", "H2.viewWillDisappear(false)",
        "Sheet.viewWillDisappear(false)", "Next.viewWillAppear(false)",
        "Tabs.viewDidDisappear(false)", "Home.viewDidDisappear(false)", "H2.viewDidDisappear(false)",
        "Sheet.viewDidDisappear(false)", "Next.viewDidAppear(false)",
      ])
    #expect(tabs.isDismissed)
  }

  @Test("in viewWillAppear a screen is not visible yet; in viewDidAppear it is; the reverse on the way out")
  func visibilityInCallbacks() {
    log.withVisibility = true
    let a = RecordingScreen("A", log: log)
    let (window, stack) = stackInWindow([a])
    stack.pushViewController(RecordingScreen("B", log: log), animated: false)
    #expect(
      log.take() == [
        "B.viewDidLoad hidden",
        "A.viewWillDisappear(false) visible", "B.viewWillAppear(false) hidden",
        "A.viewDidDisappear(false) hidden", "B.viewDidAppear(false) visible",
      ])
    _ = window
  }

  @Test(
    "viewDidLoad runs once: loadViewIfNeeded before the first appearance loads it, appearing again does not")
  func viewDidLoadOnce() {
    let a = RecordingScreen("A", log: log)
    a.loadViewIfNeeded()
    a.loadViewIfNeeded()
    #expect(log.take() == ["A.viewDidLoad"] && a.isViewLoaded)
    let (window, stack) = stackInWindow([a])
    stack.pushViewController(Screen(title: "B"), animated: false)
    stack.popViewController(animated: false)
    #expect(!log.take().contains("A.viewDidLoad"))
    _ = window
  }

  @Test("a change made from a callback runs after the current change's calls, in a pass of its own")
  func reentrant() {
    let a = RecordingScreen("A", log: log)
    let (window, stack) = stackInWindow([a])
    let b = RecordingScreen("B", log: log)
    b.onDidAppear = { [unowned stack, log] in
      stack.pushViewController(RecordingScreen("C", log: log), animated: false)
    }
    stack.pushViewController(b, animated: true)
    #expect(
      log.take() == [
        "B.viewDidLoad",
        "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "C.viewDidLoad",
        "B.viewWillDisappear(false)", "C.viewWillAppear(false)",
        "B.viewDidDisappear(false)", "C.viewDidAppear(false)",
      ])
    b.onDidAppear = nil
    _ = window
  }

  @Test("a screen outside any window gets no calls; a screen moved between windows does not disappear")
  func outsideWindow() {
    let stack = RecordingStack("Nav", root: RecordingScreen("A", log: log), log: log)
    stack.pushViewController(RecordingScreen("B", log: log))
    stack.popViewController()
    #expect(log.take() == [])
    let first = Window()
    let second = Window()
    first.rootViewController = stack
    _ = log.take()
    second.rootViewController = stack
    first.rootViewController = Screen(title: "Other")
    #expect(log.take() == [], "still in view, in the second window")
    second.rootViewController = nil
    #expect(
      log.take() == [
        "Nav.viewWillDisappear(false)", "A.viewWillDisappear(false)", "Nav.viewDidDisappear(false)",
        "A.viewDidDisappear(false)",
      ])
  }
}
