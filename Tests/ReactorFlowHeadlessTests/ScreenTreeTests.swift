import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Presentation: the headless screen tree", .checksLeaks)
struct ScreenTreeTests {
  /// Records a screen's visibility changes and dismissal.
  @MainActor
  final class Probe {
    var events: [String] = []
    let bag = DisposeBag()
    init(_ screen: Screen) {
      screen.onVisibilityChange { [unowned self] in events.append($0 ? "visible" : "hidden") }
        .disposed(by: bag)
      screen.onDismissed { [unowned self] in events.append("dismissed") }.disposed(by: bag)
    }
  }

  @Test("push and pop: only the top of the stack is visible; a popped screen is dismissed once")
  func pushPop() {
    let window = Window()
    let home = Screen(title: "Home")
    let next = Screen(title: "Next")
    let homeProbe = Probe(home)
    let nextProbe = Probe(next)
    let navigation = NavigationStack(rootViewController: home, title: "Nav")
    window.rootViewController = navigation
    #expect(home.isVisible)
    navigation.pushViewController(next)
    #expect(!home.isVisible && next.isVisible)
    navigation.popViewController()
    #expect(home.isVisible && next.isDismissed)
    #expect(homeProbe.events == ["visible", "hidden", "visible"])
    #expect(nextProbe.events == ["visible", "hidden", "dismissed"])
    #expect(navigation.popViewController() == nil)
  }

  @Test("tabs: only the selected tab's chain is visible; selecting switches visibility")
  func tabs() {
    let window = Window()
    let tabs = TabBar(title: "Main")
    let home = NavigationStack(rootViewController: Screen(title: "Home"), title: "Home")
    let myPage = NavigationStack(rootViewController: Screen(title: "MyPage"), title: "MyPage")
    tabs.setViewControllers([home, myPage])
    window.rootViewController = tabs
    #expect(home.topViewController?.isVisible == true)
    #expect(myPage.topViewController?.isVisible == false)
    tabs.select(1)
    #expect(home.topViewController?.isVisible == false)
    #expect(myPage.topViewController?.isVisible == true)
    #expect(
      window.render() == """
        window
          tabs "Main" tabs: Home | [MyPage] *
            navigation "Home"
              screen "Home"
            navigation "MyPage" *
              screen "MyPage" *
        """)
  }

  @Test("a modal covers everything below it; dismissing it dismisses its whole subtree")
  func modal() {
    let window = Window()
    let root = NavigationStack(rootViewController: Screen(title: "Root"), title: "Nav")
    window.rootViewController = root
    let settings = NavigationStack(rootViewController: Screen(title: "Settings"), title: "SettingsNav")
    let settingsRoot = settings.topViewController!
    root.topViewController!.present(settings, style: .overFullScreen)
    #expect(root.topViewController?.isVisible == false)
    #expect(settingsRoot.isVisible)
    #expect(window.topScreen === settingsRoot)
    let probe = Probe(settingsRoot)
    root.topViewController!.dismiss()
    #expect(settings.isDismissed && settingsRoot.isDismissed)
    #expect(probe.events == ["hidden", "dismissed"])
    #expect(root.topViewController?.isVisible == true)
  }

  @Test("presenting while already presenting is reported, not a crash")
  func doublePresent() async {
    let window = Window()
    let root = Screen(title: "Root")
    window.rootViewController = root
    root.present(Screen(title: "A"))
    let diagnostics = await withDiagnostics { root.present(Screen(title: "B")) }
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics == [
        .screenTree(.alreadyPresenting(presenter: "Root", presented: "A", requested: "B"))
      ])
    #expect(root.presentedScreen?.title == "A")
  }

  @Test("selecting a tab the bar does not have, or popping to a screen not in the stack, is reported")
  func badSelectionAndPop() async {
    let window = Window()
    let stack = NavigationStack(rootViewController: Screen(title: "Root"))
    let tabs = TabBar(title: "Tabs")
    tabs.setViewControllers([stack])
    window.rootViewController = tabs
    let stranger = Screen(title: "Stranger")
    let diagnostics = await withDiagnostics {
      tabs.select(3)
      tabs.select(stranger)
      stack.popToViewController(stranger)
    }
    #expect(
      diagnostics == [
        .screenTree(.noSuchTab(tabBar: "Tabs", index: 3, count: 1)),
        .screenTree(.notATab(tabBar: "Tabs", screen: "Stranger")),
        .screenTree(.popToMissingScreen(screen: "Stranger", stack: stack.title)),
      ])
    #expect(tabs.selectedIndex == 0)
  }

  @Test("replacing the window's root dismisses the old tree; content renders on visible screens")
  func replaceRoot() {
    let window = Window()
    let launch = Screen(title: "Launch", content: ["Loading…"])
    window.rootViewController = launch
    #expect(window.render() == "window\n  screen \"Launch\" *\n    | Loading…")
    window.rootViewController = Screen(title: "Main")
    #expect(launch.isDismissed)
  }

  @Test("screens are released once out of the tree")
  func released() {
    let leaks = LeakTracker()
    let window = Window()
    do {
      let navigation = leaks.track(NavigationStack(rootViewController: leaks.track(Screen(title: "A"))))
      window.rootViewController = navigation
      navigation.pushViewController(leaks.track(Screen(title: "B")))
      navigation.topViewController?.present(leaks.track(Screen(title: "Modal")))
      navigation.popToRootViewController()
      window.rootViewController = nil
    }
    #expect(leaks.alive.isEmpty)
  }
}
