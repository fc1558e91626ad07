import ReactorFlow
import ReactorFlowHeadless

/// A screen's identity in a ``NavigationModel``: the screen's own for its whole life and never
/// given to a later screen (a sheet that replaces another gets a new one, so SwiftUI never keeps
/// the old sheet's view state), usable as a SwiftUI navigation path element and sheet item.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
  let serialNumber: UInt64

  init(_ screen: Screen) { serialNumber = screen.serialNumber }

  /// The identity as text (for debugging): `screen#` and the screen's serial number.
  public var description: String { "screen#\(serialNumber)" }
}

/// How SwiftUI shows a modal screen: a sheet, or a cover over the whole screen.
public enum ModalPresentation: Hashable, Sendable {
  /// `.sheet(item:)`: UIKit's automatic, page and form sheets.
  case sheet
  /// `.fullScreenCover(item:)`: UIKit's full-screen, over-full-screen and over-current-context
  /// styles (on macOS, where SwiftUI has no cover, a sheet).
  case fullScreenCover

  /// The presentation of a screen presented with `style`.
  public init(_ style: ModalStyle) {
    switch style {
    case .automatic, .pageSheet, .formSheet: self = .sheet
    case .fullScreen, .overFullScreen, .overCurrentContext: self = .fullScreenCover
    }
  }
}

/// One screen of a window's tree as the SwiftUI container shows it: what it is (a screen, a
/// navigation stack and its path, tabs and the selection) and the modal it presents.
///
/// A value: the ``NavigationModel`` makes a new tree after every change of the window's.
public struct ScreenNode: Hashable, Identifiable {
  /// What a node shows.
  public indirect enum Kind: Hashable {
    /// A plain screen.
    case screen
    /// A navigation stack: its root and the screens pushed on it (SwiftUI's path), in order.
    case stack(root: ScreenNode?, path: [ScreenNode])
    /// Tabs and the index of the selected one.
    case tabs([ScreenNode], selected: Int)
  }

  /// The screen's identity.
  public let id: ScreenID
  /// The screen's title.
  public let title: String
  /// What the node shows.
  public let kind: Kind
  /// How the modal this screen presents is shown, if it presents one.
  public let modalPresentation: ModalPresentation?
  private let presentedStorage: [ScreenNode]

  /// The modal this screen presents, if any.
  public var presented: ScreenNode? { presentedStorage.first }

  init(id: ScreenID, title: String, kind: Kind, presented: ScreenNode?, presentation: ModalPresentation?) {
    self.id = id
    self.title = title
    self.kind = kind
    presentedStorage = presented.map { [$0] } ?? []
    modalPresentation = presented == nil ? nil : presentation
  }

  /// The tree as indented text, one node a line — what tests compare:
  ///
  /// ```text
  /// tabs "Main" selected 0
  ///   stack "Home"
  ///     screen "Home"
  ///     → screen "Detail"
  /// ```
  public func render() -> String {
    var lines: [String] = []
    render(into: &lines, indent: "", prefix: "")
    return lines.joined(separator: "\n")
  }

  private func render(into lines: inout [String], indent: String, prefix: String) {
    switch kind {
    case .screen:
      lines.append("\(indent)\(prefix)screen \"\(title)\"")
    case .stack(let root, let path):
      lines.append("\(indent)\(prefix)stack \"\(title)\"")
      root?.render(into: &lines, indent: indent + "  ", prefix: "")
      for node in path { node.render(into: &lines, indent: indent + "  ", prefix: "→ ") }
    case .tabs(let tabs, let selected):
      lines.append("\(indent)\(prefix)tabs \"\(title)\" selected \(selected)")
      for tab in tabs { tab.render(into: &lines, indent: indent + "  ", prefix: "") }
    }
    if let presented, let modalPresentation {
      let label = modalPresentation == .sheet ? "sheet: " : "cover: "
      presented.render(into: &lines, indent: indent + "  ", prefix: label)
    }
  }
}
