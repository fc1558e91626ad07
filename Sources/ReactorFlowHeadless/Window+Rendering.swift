import ReactorFlow

/// The tree as text, for tests, the terminal demo and the explorer.
extension Window {
  /// The whole tree as text: one line per screen, indented by depth, `*` on visible screens,
  /// the selected tab marked, modals under their presenter, visible screens' content below them.
  public func render() -> String {
    var lines = ["window"]
    if let root = hot.contents.root { render(root, depth: 1, into: &lines, prefix: "") }
    return lines.joined(separator: "\n")
  }

  private func render(_ screen: Screen, depth: Int, into lines: inout [String], prefix: String) {
    let indent = String(repeating: "  ", count: depth)
    var line = indent + prefix + screen.kind
    if !screen.title.isEmpty { line += " \"\(screen.title)\"" }
    if let summary = screen.renderedSummary { line += " " + summary }
    if screen.isVisible { line += " *" }
    lines.append(line)
    if screen.isVisible, let bar = screen.renderedNavigationBar { lines.append(indent + "  " + bar) }
    if screen.isVisible && screen.children.isEmpty {
      for text in screen.content { lines.append(indent + "  | " + text) }
    }
    for child in screen.children { render(child, depth: depth + 1, into: &lines, prefix: "") }
    if let modal = screen.presentedScreen {
      render(
        modal, depth: depth + 1, into: &lines, prefix: "modal(\(modal.modalPresentationStyle.rawValue)) ")
    }
  }
}
