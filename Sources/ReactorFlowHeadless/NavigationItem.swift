import ReactorFlow

/// A headless `UINavigationItem`: what a navigation bar shows for a screen — a title and bar
/// buttons on each side (``Screen/navigationItem``).
///
/// The rendered tree shows the bar under a visible screen that has buttons, and a test taps a
/// button by its title:
///
/// ```swift
/// let editor = Screen(title: "Edit note")
/// var saved = false
/// editor.navigationItem.leftBarButtonItem = BarButtonItem(systemItem: .cancel)
/// editor.navigationItem.rightBarButtonItem = BarButtonItem(title: "Save", style: .done) { saved = true }
/// editor.navigationItem.barButtonItem(titled: "Save")?.tap()
/// precondition(saved)
/// ```
@MainActor
public final class NavigationItem {
  /// The title in the bar; `nil` shows the screen's ``Screen/title`` (UIKit's default).
  public var title: String? {
    didSet { itemDidChange() }
  }
  /// The buttons on the leading side, first outermost; `nil` when there are none.
  public var leftBarButtonItems: [BarButtonItem]? {
    didSet { adopt(leftBarButtonItems) }
  }
  /// The buttons on the trailing side, first outermost; `nil` when there are none.
  public var rightBarButtonItems: [BarButtonItem]? {
    didSet { adopt(rightBarButtonItems) }
  }
  /// Whether the stack's back button is hidden.
  public var hidesBackButton = false {
    didSet { itemDidChange() }
  }
  /// The screen whose item this is.
  weak var screen: Screen?

  /// An item with no title and no buttons (UIKit's `init(title:)` with `nil`).
  public init(title: String? = nil) {
    self.title = title
  }

  /// The first leading button; assigning it replaces the leading buttons.
  public var leftBarButtonItem: BarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// The first trailing button; assigning it replaces the trailing buttons.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// The button titled `title` on either side (leading first), or `nil` — for tests, which tap
  /// buttons as the user sees them.
  public func barButtonItem(titled title: String) -> BarButtonItem? {
    let all = (leftBarButtonItems ?? []) + (rightBarButtonItems ?? [])
    return all.first { $0.title == title }
  }

  /// The bar as the rendered tree shows it: leading buttons, the title, trailing buttons; `nil`
  /// when there are no buttons (a bar without buttons is not drawn, to keep the tree short).
  func rendered(defaultTitle: String) -> String? {
    let left = leftBarButtonItems ?? []
    let right = rightBarButtonItems ?? []
    guard !left.isEmpty || !right.isEmpty else { return nil }
    func button(_ item: BarButtonItem) -> String {
      let text = "[\(item.title ?? item.image ?? "")]"
      return item.isEnabled ? text : text + "(disabled)"
    }
    var parts = left.map(button)
    parts.append("\"\(title ?? defaultTitle)\"")
    parts += right.map(button)
    return "bar: " + parts.joined(separator: " ")
  }

  private func adopt(_ items: [BarButtonItem]?) {
    for item in items ?? [] { item.navigationItem = self }
    itemDidChange()
  }

  func itemDidChange() {
    screen?.window?.contentDidChange()
  }
}
