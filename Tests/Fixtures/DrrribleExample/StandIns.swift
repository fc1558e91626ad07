import Foundation
import ReactorFlow
import ReactorFlowHeadless

// The few libraries and UIKit controls the app's files use that the headless screen tree has
// no counterpart for: KeychainAccess, URLNavigator's `present`, Umbrella's analytics,
// SFSafariViewController, Carte, and the controls (button, refresh control, collection and table
// view, action sheet). They stand in for them so that the ported files keep their statements;
// they are test fixtures, not part of ReactorFlow. docs/ports/Drrrible.md lists them.

/// KeychainAccess's `Keychain`, in memory.
@MainActor final class Keychain {
  let service: String
  private var items: [String: String] = [:]
  init(service: String) { self.service = service }
  subscript(key: String) -> String? { items[key] }
  func set(_ value: String, key: String) throws { items[key] = value }
  func remove(_ key: String) throws { items[key] = nil }
}

/// URLNavigator's `present(_:)`: presents over the window's topmost screen.
@MainActor final class Navigator {
  weak var window: Window?
  func present(_ screen: Screen) {
    guard var top = window?.rootViewController else { return }
    while let presented = top.presentedViewController { top = presented }
    top.present(screen, animated: true, completion: nil)
  }
}

/// Umbrella's `Analytics`: records the events it is given.
@MainActor final class Analytics<Event> {
  private(set) var events: [Event] = []
  func log(_ event: Event) { events.append(event) }
}

/// `SFSafariViewController`: a screen showing its URL.
final class SFSafariViewController: Screen {
  let url: URL
  init(url: URL) {
    self.url = url
    super.init(title: url.host ?? "", content: [url.absoluteString])
  }
}

/// Carte's list of open-source licenses.
final class CarteViewController: Screen {
  init() { super.init(title: "open_source_license") }
}

/// A button: the handler a tap calls (RxCocoa's `rx.tap`), and whether it is hidden.
@MainActor final class UIButton {
  var isHidden = false
  var onTap: (() -> Void)?
  func tap() { onTap?() }
}

/// An activity indicator: whether it spins.
@MainActor final class UIActivityIndicatorView {
  var isAnimating = false
}

/// A pull-to-refresh control: whether it shows, and the handler a pull calls.
@MainActor final class RefreshControl {
  var isRefreshing = false
  var onValueChanged: (() -> Void)?
  func pull() { onValueChanged?() }
}

/// `IndexPath`'s section and row.
struct IndexPath: Sendable, Equatable {
  var row: Int
  var section: Int
}

/// A collection view: the handler called when it is scrolled to the bottom (the app's
/// `rx.isReachedBottom`).
@MainActor final class UICollectionView {
  var onReachedBottom: (() -> Void)?
  func scrollToBottom() { onReachedBottom?() }
}

/// A table view: the handler a selection calls (RxCocoa's `rx.itemSelected`).
@MainActor final class UITableView {
  var onItemSelected: ((IndexPath) -> Void)?
  func selectRow(at indexPath: IndexPath) { onItemSelected?(indexPath) }
}

/// An action of an alert or action sheet.
@MainActor final class UIAlertAction {
  enum Style { case `default`, cancel, destructive }
  let title: String?
  let style: Style
  let handler: ((UIAlertAction) -> Void)?
  init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)?) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// An alert or action sheet: a screen listing its actions' titles; `tap(_:)` chooses one (and
/// dismisses it, as UIKit does).
final class UIAlertController: Screen {
  enum Style { case alert, actionSheet }
  private(set) var actions: [UIAlertAction] = []
  init(title: String?, message: String?, preferredStyle: Style) {
    super.init(title: title ?? "", content: message.map { [$0] } ?? [])
  }
  func addAction(_ action: UIAlertAction) {
    actions.append(action)
    content.append(action.title ?? "")
  }
  func tap(_ title: String) {
    guard let action = actions.first(where: { $0.title == title }) else { return }
    dismiss(animated: true) { action.handler?(action) }
  }
}
