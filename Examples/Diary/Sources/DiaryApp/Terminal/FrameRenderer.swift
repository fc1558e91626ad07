import ReactorFlow
import ReactorFlowHeadless

/// A screen whose tab has an accent colour (the tabs' root screens).
@MainActor
protocol AccentedScreen: AnyObject {
  var accent: Accent { get }
}

/// Draws the window as one terminal frame: a header with the tab bar and the navigation path,
/// the top screen's content and alert — inside a box for a modal, under what a sheet leaves in
/// sight of its presenter — and the keys. Every text that comes from the screens (titles,
/// content, alerts, the status) is sanitized (``TerminalText``), and content lines are wrapped at
/// the frame's width (measured in terminal columns): the only control sequences in a frame are
/// the renderer's own colours.
@MainActor
struct FrameRenderer {
  /// Colours (ANSI) for a real terminal; plain text for transcripts.
  var usesColor = false
  /// How many columns the frame's content takes.
  static let width = 60
  private let rule = String(repeating: "─", count: FrameRenderer.width)

  func render(window: Window, status: String?, globalKeys: [Key]) -> String {
    var lines: [String] = []
    let chain = Self.shownChain(from: window.rootViewController)
    let tabBar = chain.lazy.compactMap { $0 as? TabBar }.first
    let accent = Self.accent(of: tabBar)
    lines.append(paint("ReactorFlow Diary", accent, bold: true))
    if let tabBar {
      let names = tabBar.viewControllers.enumerated().map { index, tab in
        index == tabBar.selectedIndex
          ? paint("[\(Self.safe(tab.title))]", accent, bold: true) : " \(Self.safe(tab.title)) "
      }
      lines.append("Tabs: " + names.joined(separator: " "))
    }
    lines.append(Self.fit("Path: " + Self.path(of: chain), columns: Self.width))
    // Modals, each drawn over its presenter: a sheet leaves what is behind it in sight.
    var layers: [(presenter: Screen, modal: Screen, chain: [Screen])] = []
    var presenter = chain.last { $0.presentedScreen != nil }
    while let modalPresenter = presenter, let modal = modalPresenter.presentedScreen {
      let modalChain = Self.shownChain(from: modal)
      layers.append((modalPresenter, modal, modalChain))
      presenter = modalChain.last { $0.presentedScreen != nil }
    }
    lines.append(rule)
    let top = window.topScreen
    var margin = ""
    if let first = layers.first, first.modal.modalPresentationStyle.isSheet {
      for line in chain.last?.content ?? [] {
        lines.append(paint(Self.fit("  " + line, columns: Self.width), nil, dim: true))
      }
    }
    for (depth, layer) in layers.enumerated() {
      let indent = String(repeating: "  ", count: depth)
      lines.append(
        Self.fit(
          "\(indent)┌─ \(Self.path(of: layer.chain)) (\(layer.modal.modalPresentationStyle.rawValue) over "
            + "\"\(layer.presenter.title)\")", columns: Self.width))
      margin = indent + "│ "
    }
    let columns = Self.width - TerminalText.displayWidth(margin)
    for line in top?.content ?? [] {
      for part in TerminalText.wrapped(Self.safe(line), toColumns: columns) { lines.append(margin + part) }
    }
    if let alert = (top as? AppScreen)?.alert {
      for line in alert.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(margin + paint("! " + Self.safe(String(line)), .yellow, bold: true))
      }
    }
    if !layers.isEmpty {
      lines.append(String(repeating: "  ", count: layers.count - 1) + "└" + String(repeating: "─", count: 40))
    }
    lines.append(rule)
    let keys = (top as? AppScreen)?.keys ?? []
    if !keys.isEmpty { lines.append("Keys: " + Self.safe(Self.describe(keys))) }
    lines.append("      " + Self.safe(Self.describe(globalKeys)))
    if let status {
      for line in status.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(Self.safe(String(line)))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` made safe for a terminal.
  static func safe(_ text: String) -> String { TerminalText.sanitized(text) }

  /// `text` made safe for a terminal and cut to `columns`.
  static func fit(_ text: String, columns: Int) -> String {
    TerminalText.truncated(TerminalText.sanitized(text), toColumns: columns)
  }

  /// The screen and the chain of children shown under it (a stack's top, the selected tab).
  static func shownChain(from screen: Screen?) -> [Screen] {
    var chain: [Screen] = []
    var node = screen
    while let current = node {
      chain.append(current)
      node = current.shownChild
    }
    return chain
  }

  /// `Diary › First day › Edit`: the titles of the deepest navigation stack's screens.
  static func path(of chain: [Screen]) -> String {
    if let stack = chain.last(where: { $0 is NavigationStack }) as? NavigationStack {
      return stack.viewControllers.map(\.title).joined(separator: " › ")
    }
    return chain.last?.title ?? "—"
  }

  static func accent(of tabBar: TabBar?) -> Accent? {
    guard let stack = tabBar?.selectedViewController as? NavigationStack else { return nil }
    return (stack.viewControllers.first as? AccentedScreen)?.accent
  }

  /// `1-3 Open · n New entry · t <title> Title`: numbered keys with one label are grouped.
  static func describe(_ keys: [Key]) -> String {
    var parts: [String] = []
    var index = 0
    while index < keys.count {
      let key = keys[index]
      var end = index
      while end + 1 < keys.count, keys[end + 1].label == key.label, Int(keys[end + 1].key) != nil,
        Int(keys[end].key).map({ $0 + 1 }) == Int(keys[end + 1].key)
      {
        end += 1
      }
      // `<` and `>` (tabs) read as one.
      if key.key == "<", index + 1 < keys.count, keys[index + 1].key == ">" {
        parts.append("< > Tabs")
        index += 2
        continue
      }
      let name = end > index ? "\(key.key)-\(keys[end].key)" : key.key
      let argument = key.argument.map { " <\($0)>" } ?? ""
      parts.append("\(name)\(argument) \(key.label)")
      index = end + 1
    }
    return parts.joined(separator: " · ")
  }

  private func paint(_ text: String, _ accent: Accent?, bold: Bool = false, dim: Bool = false) -> String {
    guard usesColor else { return text }
    let color = accent?.ansi ?? ""
    return color + (bold ? "\u{1B}[1m" : "") + (dim ? "\u{1B}[2m" : "") + text + "\u{1B}[0m"
  }
}

extension ModalStyle {
  /// A sheet leaves its presenter in sight above it and can be swiped down (`b`).
  var isSheet: Bool { self == .pageSheet || self == .formSheet || self == .automatic }
}
