import ReactorFlow

/// A headless `UIBarButtonItem`: a button of a screen's ``NavigationItem`` that a test taps.
///
/// A tap runs the button's handler, as UIKit runs a bar button's primary action:
///
/// ```swift
/// let screen = Screen(title: "Notes")
/// var added = 0
/// screen.navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .add) { added += 1 }
/// screen.navigationItem.rightBarButtonItem?.tap()
/// precondition(added == 1)
/// ```
@MainActor
public final class BarButtonItem {
  /// UIKit's `UIBarButtonItem.Style`.
  public enum Style: Sendable, Equatable {
    /// A plain button.
    case plain
    /// A button that confirms (drawn bold).
    case done
  }

  /// UIKit's `UIBarButtonItem.SystemItem`: a button the system names (its ``title``).
  public enum SystemItem: String, Sendable, Equatable {
    /// Confirms and closes ("Done").
    case done = "Done"
    /// Cancels and closes ("Cancel").
    case cancel = "Cancel"
    /// Enters editing ("Edit").
    case edit = "Edit"
    /// Saves ("Save").
    case save = "Save"
    /// Adds an item ("Add").
    case add = "Add"
    /// Closes ("Close").
    case close = "Close"
    /// Deletes ("Trash").
    case trash = "Trash"
    /// Reloads ("Refresh").
    case refresh = "Refresh"
    /// Searches ("Search").
    case search = "Search"
    /// Writes something new ("Compose").
    case compose = "Compose"
    /// Replies ("Reply").
    case reply = "Reply"
    /// Shares or acts on the content ("Action").
    case action = "Action"
  }

  /// The text of the button: the title it was given, or its system item's name.
  public var title: String? {
    didSet { navigationItem?.itemDidChange() }
  }
  /// The name of the image shown, if any.
  public var image: String?
  /// The style.
  public var style: Style
  /// The system item the button was made from, if any.
  public let systemItem: SystemItem?
  /// Whether the button can be tapped; a tap on a disabled button is reported and ignored.
  public var isEnabled = true {
    didSet { navigationItem?.itemDidChange() }
  }
  /// What a tap runs (UIKit's primary action); `nil` for a button that does nothing.
  public var handler: (@MainActor () -> Void)?
  /// The navigation item showing the button (to redraw the tree when it changes).
  weak var navigationItem: NavigationItem?

  /// A button with a title (UIKit's `init(title:style:target:action:)`, with a handler for the
  /// target and action).
  public init(title: String?, style: Style = .plain, handler: (@MainActor () -> Void)? = nil) {
    self.title = title
    self.style = style
    self.systemItem = nil
    self.handler = handler
  }

  /// A button with an image name (UIKit's `init(image:style:target:action:)`).
  public init(image: String?, style: Style = .plain, handler: (@MainActor () -> Void)? = nil) {
    self.title = nil
    self.image = image
    self.style = style
    self.systemItem = nil
    self.handler = handler
  }

  /// A system button (UIKit's `init(systemItem:primaryAction:menu:)`): its title is the item's
  /// name.
  public init(systemItem: SystemItem, handler: (@MainActor () -> Void)? = nil) {
    self.title = systemItem.rawValue
    self.style = systemItem == .done ? .done : .plain
    self.systemItem = systemItem
    self.handler = handler
  }

  /// Taps the button, as the user would: runs its ``handler``. A disabled button is reported
  /// (``ScreenTreeDiagnostic/disabledBarButton(title:)``) and does nothing.
  public func tap() {
    guard isEnabled else {
      ReactorFlowDiagnostics.emit(.disabledBarButton(title: title ?? image ?? ""))
      return
    }
    handler?()
  }
}
