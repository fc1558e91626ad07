import ReactorFlow

/// A headless `UIPageViewController`: pages the user swipes through, one shown at a time.
///
/// The pages are its children, in order, like a tab bar's tabs (UIKit asks a data source for
/// the page before and after; here they are given up front). A page swiped away is not
/// dismissed — it may come back — and leaves view: it gets `viewWillDisappear` and
/// `viewDidDisappear`, the new page `viewWillAppear` and `viewDidAppear`. The rendered tree lists
/// the pages, the shown one in brackets.
///
/// ```swift
/// let window = Window()
/// let onboarding = PageContainer(title: "Welcome")
/// onboarding.setViewControllers(
///   [Screen(title: "Track"), Screen(title: "Share"), Screen(title: "Start")], animated: false)
/// window.rootViewController = onboarding
/// onboarding.swipeForward()
/// precondition(onboarding.currentPage?.title == "Share")
/// ```
@MainActor
open class PageContainer: Screen {
  private var pages: [Screen] = []
  private var current = 0

  /// Creates a page container with no pages.
  public override init(title: String = "", content: [String] = []) {
    super.init(title: title, content: content)
  }

  /// The pages, in order. Assigning it is `setViewControllers(_:animated: false)`.
  public var viewControllers: [Screen] {
    get { pages }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The pages.
  open override var children: [Screen] { pages }
  /// The page shown.
  open override var shownChild: Screen? { pages.indices.contains(current) ? pages[current] : nil }
  /// `"pages"` in the rendered tree.
  open override var kind: String { "pages" }
  /// The pages' titles, the shown one in brackets (`pages: One | [Two] | Three`).
  open override var renderedSummary: String? {
    guard !pages.isEmpty else { return nil }
    let names = pages.enumerated().map { index, page in index == current ? "[\(page.title)]" : page.title }
    return "pages: " + names.joined(separator: " | ")
  }

  /// The index of the page shown.
  public var currentIndex: Int { current }

  /// The page shown (`nil` when there are no pages).
  public var currentPage: Screen? { shownChild }

  /// Replaces the pages; the pages no longer present are dismissed. The page shown is kept
  /// when it still exists, else the first page is shown.
  open func setViewControllers(_ screens: [Screen], animated: Bool = true) {
    let shown = shownChild
    replaceChildren(pages, with: screens, animated: animated) {
      pages = screens
      current = screens.firstIndex { $0 === shown } ?? 0
    }
  }

  /// Shows the page at `index`. An index out of range is reported and ignored.
  open func showPage(at index: Int, animated: Bool = true) {
    guard pages.indices.contains(index) else {
      ReactorFlowDiagnostics.emit(.noSuchPage(container: title, index: index, count: pages.count))
      return
    }
    guard index != current else { return }
    current = index
    shownChildDidChange(animated: animated)
  }

  /// The user swipes to the next page; `false` (nothing happens) on the last page.
  @discardableResult
  public func swipeForward() -> Bool {
    guard current + 1 < pages.count else { return false }
    showPage(at: current + 1)
    return true
  }

  /// The user swipes to the previous page; `false` (nothing happens) on the first page.
  @discardableResult
  public func swipeBack() -> Bool {
    guard current > 0 else { return false }
    showPage(at: current - 1)
    return true
  }

  /// Removes `child` from the pages (it is being moved elsewhere).
  open override func removeChild(_ child: Screen) {
    let shown = shownChild
    pages.removeAll { $0 === child }
    current = pages.firstIndex { $0 === shown } ?? min(current, max(pages.count - 1, 0))
  }
}
