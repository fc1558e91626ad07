import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

/// A view controller that logs its lifecycle callbacks.
final class Probe: UIViewController {
  let name: String
  var log: [String] = []
  init(_ name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
    title = name
  }
  override func viewDidLoad() { log.append("load") }
  override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
  override func viewWillDisappear(_ animated: Bool) {
    log.append("willDisappear\(isMovingFromParent ? " moving" : "")\(isBeingDismissed ? " dismissing" : "")")
  }
  override func viewDidDisappear(_ animated: Bool) {
    log.append("didDisappear\(isMovingFromParent ? " moving" : "")\(isBeingDismissed ? " dismissing" : "")")
  }
}

/// Records a presentable's signals.
@MainActor
final class Signals {
  var visibility: [Bool] = []
  var dismissed = 0
  let bag = DisposeBag()
  init(_ presentable: Presentable) {
    presentable.onVisibilityChange { [weak self] in self?.visibility.append($0) }.disposed(by: bag)
    presentable.onDismissed { [weak self] in self?.dismissed += 1 }.disposed(by: bag)
  }
}

@MainActor
func showInWindow(_ root: UIViewController) -> UIWindow {
  let window = UIWindow(frame: .zero)
  window.rootViewController = root
  window.makeKeyAndVisible()
  return window
}

@MainActor
@Suite("UIKit adapter: RxFlow's visibility and dismissal rules, on the stand-in", .checksLeaks)
struct PresentableRulesTests {
  @Test("the stand-in calls a push's and a pop's callbacks in UIKit's order")
  func standInOrder() {
    let first = Probe("A")
    let navigation = UINavigationController(rootViewController: first)
    let window = showInWindow(navigation)
    let second = Probe("B")
    navigation.pushViewController(second, animated: true)
    #expect(first.log == ["load", "willAppear", "didAppear", "willDisappear", "didDisappear"])
    #expect(second.log == ["load", "willAppear", "didAppear"])
    navigation.popViewController(animated: true)
    #expect(second.log.suffix(2) == ["willDisappear moving", "didDisappear moving"])
    #expect(first.log.suffix(2) == ["willAppear", "didAppear"])
    #expect(second.parent == nil)
    window.rootViewController = nil
  }

  @Test("a pushed view controller is visible; popping it (back button) dismisses it once")
  func popDismisses() {
    let root = Probe("root")
    let navigation = UINavigationController(rootViewController: root)
    let window = showInWindow(navigation)
    let pushed = Probe("pushed")
    navigation.pushViewController(pushed, animated: true)
    let signals = Signals(pushed)
    let rootSignals = Signals(root)
    #expect(pushed.isVisible && !root.isVisible)
    navigation.popViewController(animated: true)
    #expect(signals.visibility == [false])
    #expect(signals.dismissed == 1)
    #expect(pushed.isDismissed)
    #expect(rootSignals.visibility == [true] && rootSignals.dismissed == 0)
    window.rootViewController = nil
  }

  @Test("a completed back swipe dismisses; a cancelled one does not (RxFlow PR #75)")
  func backSwipe() {
    let root = Probe("root")
    let navigation = UINavigationController(rootViewController: root)
    let window = showInWindow(navigation)
    let pushed = Probe("pushed")
    navigation.pushViewController(pushed, animated: true)
    let signals = Signals(pushed)
    navigation.standInInteractivePop(completes: false)
    #expect(pushed.log.suffix(3) == ["willDisappear moving", "willAppear", "didAppear"])
    #expect(signals.dismissed == 0 && pushed.isVisible && !pushed.isDismissed)
    #expect(navigation.viewControllers.count == 2)
    navigation.standInInteractivePop(completes: true)
    #expect(signals.dismissed == 1 && pushed.isDismissed)
    window.rootViewController = nil
  }

  @Test("the stand-in forwards appearance to a child only once its view is in the parent's view")
  func childAppearsWithItsView() {
    let parent = Probe("parent")
    let window = showInWindow(parent)
    let child = Probe("child")
    parent.addChild(child)
    child.loadViewIfNeeded()
    #expect(child.log == ["load"])
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    #expect(child.log == ["load", "willAppear", "didAppear"])
    let detached = Probe("detached")
    parent.addChild(detached)
    detached.didMove(toParent: parent)
    parent.beginAppearanceTransition(false, animated: false)
    parent.endAppearanceTransition()
    #expect(child.log.suffix(2) == ["willDisappear", "didDisappear"])
    #expect(detached.log.isEmpty)
    window.rootViewController = nil
  }

  @Test("a sheet: the presenter stays visible; a cancelled swipe down does not dismiss, a completed one does")
  func sheet() {
    let presenter = Probe("presenter")
    let window = showInWindow(presenter)
    let sheet = Probe("sheet")
    presenter.present(sheet, animated: true)
    let signals = Signals(sheet)
    let presenterSignals = Signals(presenter)
    #expect(sheet.isVisible && presenter.isVisible)
    sheet.standInInteractiveDismissal(completes: false)
    #expect(sheet.log.suffix(3) == ["willDisappear dismissing", "willAppear", "didAppear"])
    #expect(signals.dismissed == 0 && sheet.isVisible)
    sheet.standInInteractiveDismissal(completes: true)
    #expect(signals.dismissed == 1 && signals.visibility == [false])
    #expect(presenter.presentedViewController == nil)
    #expect(presenterSignals.visibility.isEmpty && presenterSignals.dismissed == 0)
    window.rootViewController = nil
  }

  @Test("full screen: the presenter disappears (not dismissed) and comes back on dismissal")
  func fullScreen() {
    let presenter = Probe("presenter")
    let window = showInWindow(presenter)
    let presenterSignals = Signals(presenter)
    let modal = Probe("modal")
    modal.modalPresentationStyle = .fullScreen
    presenter.present(modal, animated: true)
    #expect(presenterSignals.visibility == [false] && !presenter.isDismissed)
    let signals = Signals(modal)
    presenter.dismiss(animated: true)
    #expect(signals.dismissed == 1)
    #expect(presenterSignals.visibility == [false, true] && presenterSignals.dismissed == 0)
    window.rootViewController = nil
  }

  @Test("a view controller hidden in another tab is not dismissed (RxFlow #100, #106, #117)")
  func hiddenTab() {
    let first = Probe("first")
    let second = Probe("second")
    let tabs = UITabBarController(nibName: nil, bundle: nil)
    tabs.setViewControllers([UINavigationController(rootViewController: first), second], animated: false)
    let window = showInWindow(tabs)
    let signals = Signals(first)
    let secondSignals = Signals(second)
    #expect(first.isVisible && !second.isVisible)
    tabs.selectedIndex = 1
    #expect(signals.visibility == [false] && signals.dismissed == 0)
    #expect(secondSignals.visibility == [true])
    tabs.selectedIndex = 0
    #expect(signals.visibility == [false, true] && !first.isDismissed)
    window.rootViewController = nil
  }

  @Test("a page that a page container removes when paging away is not dismissed (RxFlow #100)")
  func pageContainer() {
    /// A custom container showing one page at a time, as UIPageViewController does.
    final class Pages: UIViewController {
      func show(_ page: UIViewController) {
        let old = children.first { $0 is Probe }
        old?.beginAppearanceTransition(false, animated: false)
        old?.willMove(toParent: nil)
        old?.viewIfLoaded?.removeFromSuperview()
        old?.removeFromParent()
        old?.endAppearanceTransition()
        addChild(page)
        view.addSubview(page.view)
        page.didMove(toParent: self)
      }
    }
    let pages = Pages(nibName: nil, bundle: nil)
    let window = showInWindow(pages)
    let first = Probe("first")
    let second = Probe("second")
    pages.show(first)
    let signals = Signals(first)
    #expect(first.isVisible)
    pages.show(second)
    #expect(signals.visibility == [false])
    #expect(signals.dismissed == 0 && !first.isDismissed)
    pages.show(first)
    #expect(signals.visibility == [false, true])
    window.rootViewController = nil
  }

  @Test("a presented navigation controller and everything in it are dismissed with it")
  func containerDismissed() {
    let presenter = Probe("presenter")
    let window = showInWindow(presenter)
    let bottom = Probe("bottom")
    let navigation = UINavigationController(rootViewController: bottom)
    let top = Probe("top")
    navigation.pushViewController(top, animated: false)
    presenter.present(navigation, animated: true)
    let navigationSignals = Signals(navigation)
    let bottomSignals = Signals(bottom)
    let topSignals = Signals(top)
    #expect(navigation.isVisible && top.isVisible && !bottom.isVisible)
    navigation.dismiss(animated: true)
    #expect(navigationSignals.dismissed == 1 && navigationSignals.visibility == [false])
    #expect(topSignals.dismissed == 1 && bottomSignals.dismissed == 1)
    window.rootViewController = nil
  }

  @Test("pop to root dismisses every popped view controller, also those never shown again")
  func popToRoot() {
    let root = Probe("root")
    let navigation = UINavigationController(rootViewController: root)
    let window = showInWindow(navigation)
    let middle = Probe("middle")
    let top = Probe("top")
    navigation.pushViewController(middle, animated: false)
    let middleSignals = Signals(middle)
    navigation.pushViewController(top, animated: false)
    let topSignals = Signals(top)
    navigation.popToRootViewController(animated: true)
    #expect(topSignals.dismissed == 1 && middleSignals.dismissed == 1)
    #expect(root.isVisible)
    window.rootViewController = nil
  }

  @Test("replacing the window's root dismisses the old root; a window is always visible")
  func windowRoot() {
    let old = Probe("old")
    let window = showInWindow(old)
    let signals = Signals(old)
    window.rootViewController = Probe("new")
    #expect(signals.dismissed == 1)
    #expect(window.isVisible && !window.isDismissed)
    window.rootViewController = nil
  }
}
