import ReactorFlowHeadless

// The few UIKit *controls and values* the seeds' view controllers hold (labels, a text field,
// buttons, colours). The headless screen tree has screens and containers, not controls: these
// fixtures stand in for them so that a port's `bind(reactor:)` keeps the seed's statements. They
// are test fixtures, not part of ReactorFlow (docs/BLOG-POST-PORTS.md says which ports use them).

/// A colour, compared by name (`UIColor`'s named colours the seeds use).
struct UIColor: Equatable, Sendable, CustomStringConvertible {
  let description: String
  static let white = UIColor(description: "white")
  static let gray = UIColor(description: "gray")
  static let Red = UIColor(description: "Red")  // seed 004 spells `UIColor.Red`
  static let systemRed = UIColor(description: "systemRed")
  static let systemOrange = UIColor(description: "systemOrange")
  static let systemYellow = UIColor(description: "systemYellow")
  static let systemTeal = UIColor(description: "systemTeal")
  static let systemGreen = UIColor(description: "systemGreen")
}

/// What a view controller's `view` holds that the seeds set: its background colour.
@MainActor final class UIView {
  var backgroundColor: UIColor?
}

/// A label: the text it shows.
@MainActor final class UILabel {
  var text: String? {
    didSet { updates += 1 }
  }
  /// How many times `text` was set.
  private(set) var updates = 0
}

/// A text field: its text, and the handler its editing events call (RxCocoa's `rx.text`).
@MainActor final class UITextField {
  var text: String? {
    didSet { onTextChange?(text ?? "") }
  }
  var onTextChange: ((String) -> Void)?
}

/// A button: the handler a tap calls (RxCocoa's `rx.tap`).
@MainActor final class UIButton {
  var onTap: (() -> Void)?
  func tap() { onTap?() }
}

/// A table view's selection (RxCocoa's `rx.itemSelected`).
@MainActor final class UITableView {
  var onItemSelected: ((IndexPath) -> Void)?
  func selectRow(at indexPath: IndexPath) { onItemSelected?(indexPath) }
}

/// `IndexPath`'s section and row.
struct IndexPath: Sendable {
  var row: Int
  var section: Int
}
