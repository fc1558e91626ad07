import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A container written as the documentation of `replaceChildren` shows: items shown one at a
/// time.
final class CarouselScreen: Screen {
  private var items: [Screen] = []
  private var current = 0

  override var children: [Screen] { items }
  override var shownChild: Screen? { items.indices.contains(current) ? items[current] : nil }
  override var kind: String { "carousel" }

  func setItems(_ screens: [Screen]) {
    replaceChildren(items, with: screens, animated: false) { items = screens }
  }

  func show(_ index: Int) {
    current = index
    shownChildDidChange(animated: true)
  }

  override func removeChild(_ child: Screen) {
    items.removeAll { $0 === child }
  }
}

@MainActor
@Suite("Presentation: a page container, and a custom container", .checksLeaks)
struct PageAndCustomContainerTests {
  let log = LifecycleLog()

  @Test("swiping shows one page at a time; a page swiped away disappears and is not dismissed")
  func paging() {
    let window = Window()
    let pages = PageContainer(title: "Welcome")
    let first = RecordingScreen("Track", log: log)
    let second = RecordingScreen("Share", log: log)
    pages.setViewControllers([first, second], animated: false)
    window.rootViewController = pages
    #expect(first.isVisible && !second.isVisible)
    _ = log.take()
    #expect(pages.swipeForward())
    #expect(
      log.take() == [
        "Share.viewDidLoad", "Track.viewWillDisappear(true)", "Share.viewWillAppear(true)",
        "Track.viewDidDisappear(true)", "Share.viewDidAppear(true)",
      ])
    #expect(pages.currentPage === second && second.isVisible && !first.isVisible)
    #expect(!first.isDismissed)
    #expect(!pages.swipeForward())
    #expect(pages.swipeBack())
    #expect(pages.currentIndex == 0 && first.isVisible)
    #expect(!pages.swipeBack())
    #expect(window.render().contains("pages \"Welcome\" pages: [Track] | Share *"))
  }

  @Test("replacing the pages dismisses those left out and keeps the shown page when it stays")
  func replacingPages() async {
    let window = Window()
    let pages = PageContainer(title: "Pages")
    let one = Screen(title: "One")
    let two = Screen(title: "Two")
    let three = Screen(title: "Three")
    pages.viewControllers = [one, two]
    window.rootViewController = pages
    pages.showPage(at: 1)
    pages.setViewControllers([three, two], animated: false)
    #expect(one.isDismissed && pages.currentPage === two && pages.currentIndex == 1)
    let diagnostics = await withDiagnostics { pages.showPage(at: 7) }
    #expect(diagnostics == [.screenTree(.noSuchPage(container: "Pages", index: 7, count: 2))])
    #expect(pages.currentPage === two)
  }

  @Test("a custom container built on replaceChildren and shownChildDidChange gets the tree's lifecycle")
  func customContainer() {
    let window = Window()
    let carousel = CarouselScreen(title: "Carousel")
    let first = Screen(title: "First")
    let second = Screen(title: "Second")
    carousel.setItems([first, second])
    window.rootViewController = carousel
    #expect(first.isVisible && !second.isVisible && first.parent === carousel)
    carousel.show(1)
    #expect(second.isVisible && !first.isVisible && !first.isDismissed)
    // Moving a child elsewhere takes it out of the container, not dismissed.
    let stack = NavigationStack(rootViewController: Screen(title: "Root"))
    stack.pushViewController(first, animated: false)
    #expect(carousel.children.map(\.title) == ["Second"] && first.parent === stack && !first.isDismissed)
    carousel.setItems([])
    #expect(second.isDismissed)
    #expect(window.render() == "window\n  carousel \"Carousel\" *")
  }
}
