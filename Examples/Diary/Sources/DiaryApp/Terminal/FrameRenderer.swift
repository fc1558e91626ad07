import ReactorFlow
import ReactorFlowHeadless

/// A screen whose tab has an accent colour (the tabs' root screens).
@MainActor
protocol AccentedScreen: AnyObject {
  var accent: Accent { get }
}

/// Draws the window as one terminal frame that fits the terminal: a header with the app title,
/// the tab bar and the path (always on screen), the top screen's content — inside a box for a
/// modal, under what a sheet leaves in sight of its presenter — and its alert, then the keys and
/// the app's message. The help (`?`) is a page of its own in a terminal: it covers the screen,
/// one key a line, and scrolls like content; in a transcript it is listed under the screen.
///
/// Every line is measured in terminal columns and wrapped at spaces (or cut, for a list's rows)
/// to the width; when the content does not fit the rows left, it scrolls (`j`, `k`) and the
/// rule under it says which lines are shown. Every text that comes from the screens (titles,
/// content, alerts, the status) is sanitized (``TerminalText``): the only control sequences in a
/// frame are the renderer's own colours.
@MainActor
struct FrameRenderer {
  /// Colours (ANSI) for a real terminal; plain text for transcripts.
  var usesColor = false
  /// The most columns a frame takes, however wide the terminal (longer lines read badly).
  static let maxWidth = 100
  /// The fewest columns a frame is laid out for.
  static let minWidth = 20

  /// A frame laid out, and how its content scrolls.
  struct Layout {
    var lines: [String]
    /// The first content line shown, and the largest it can be (0: everything fits).
    var firstShown = 0
    var maxFirst = 0
    /// How many content lines are shown.
    var shownRows = 0
    var text: String { lines.joined(separator: "\n") }
  }

  /// Where the top screen's content is scrolled to: lines away from its anchor (the top, or
  /// the end for a screen that shows its end first).
  struct Scroll {
    var linesFromAnchor = 0
  }

  /// The scroll keys, shown when the content does not fit.
  static func scrollKeys(down: Bool, up: Bool) -> [Key] {
    (down ? [Key("j", "Scroll down") { _ in }] : []) + (up ? [Key("k", "Scroll up") { _ in }] : [])
  }

  /// Lays out `window` with the app's `status`; `help`, its lines, while the help is shown;
  /// `scroll`, where the content (or the help's page) is scrolled to.
  func render(
    window: Window, status: String?, help: [String]? = nil, globalKeys: [Key], size: TerminalSize,
    scroll: Scroll
  ) -> Layout {
    let width = max(Self.minWidth, min(size.columns, Self.maxWidth))
    // In a terminal of so many rows, the help covers the screen and scrolls.
    let helpPage = size.rows == nil ? nil : help
    let rule = String(repeating: "─", count: width)
    var header: [String] = []
    let chain = Self.shownChain(from: window.rootViewController)
    let tabBar = chain.lazy.compactMap { $0 as? TabBar }.first
    let accent = Self.accent(of: tabBar)
    header.append(paint(Self.fit("ReactorFlow Diary", columns: width), accent, bold: true))
    if let tabBar {
      var names: [String] = []
      var used = TerminalText.displayWidth("Tabs:")
      for (index, tab) in tabBar.viewControllers.enumerated() {
        let name = index == tabBar.selectedIndex ? "[\(Self.safe(tab.title))]" : " \(Self.safe(tab.title)) "
        let fitted = Self.fit(name, columns: max(1, width - used - 1))
        used += 1 + TerminalText.displayWidth(fitted)
        names.append(index == tabBar.selectedIndex ? paint(fitted, accent, bold: true) : fitted)
        if used >= width { break }
      }
      header.append("Tabs: " + names.joined(separator: " "))
    }
    // Modals, each drawn over its presenter: a sheet leaves what is behind it in sight.
    var layers: [(modal: Screen, chain: [Screen])] = []
    var presenter = chain.last { $0.presentedScreen != nil }
    var path = Self.path(of: chain)
    while let modalPresenter = presenter, let modal = modalPresenter.presentedScreen {
      let modalChain = Self.shownChain(from: modal)
      layers.append((modal, modalChain))
      // A full-screen modal is a place of its own (sign-in); the others open over a place.
      path =
        modal.modalPresentationStyle == .fullScreen
        ? Self.path(of: modalChain) : path + " › " + Self.path(of: modalChain)
      presenter = modalChain.last { $0.presentedScreen != nil }
    }
    if helpPage != nil { path += " › Help" }
    header.append(Self.fit("Path: " + path, columns: width))
    header.append(rule)

    // The content, which scrolls.
    let top = window.topScreen
    var body: [String] = []
    if let helpPage {
      // A key a line; a line too long goes on under its key.
      for (index, line) in helpPage.enumerated() {
        body += Self.wrap(line, columns: width, first: "", then: index == 0 ? "" : "    ")
      }
      layers = []
    } else if let first = layers.first, first.modal.modalPresentationStyle.isSheet {
      for line in chain.last?.content ?? [] {
        body.append(paint(Self.fit("  " + line, columns: width), nil, dim: true))
      }
    }
    var margin = ""
    for (depth, layer) in layers.enumerated() {
      let indent = String(repeating: "  ", count: depth)
      body.append(Self.fit("\(indent)┌─ \(layer.modal.title)", columns: width))
      margin = indent + "│ "
    }
    let columns = width - TerminalText.displayWidth(margin)
    let cut = (top as? AppScreen)?.cutLines ?? []
    for (index, line) in (helpPage == nil ? top?.content ?? [] : []).enumerated() {
      if cut.contains(index) {
        body.append(margin + Self.fit(line, columns: columns))
      } else {
        for part in TerminalText.wrapped(Self.safe(line), toColumns: columns) { body.append(margin + part) }
      }
    }
    // The modal's edge.
    if !layers.isEmpty {
      body.append(
        String(repeating: "  ", count: layers.count - 1) + "└"
          + String(repeating: "─", count: min(40, width - 1)))
    }
    // What stays under the content: the alert.
    var under: [String] = []
    if helpPage == nil, let alert = (top as? AppScreen)?.alert {
      for line in Self.wrap(alert, columns: width, first: "! ", then: "  ") {
        under.append(paint(line, .yellow, bold: true))
      }
    }
    // On the help's page, its own keys (any other key closes it, and does what it does).
    let screenKeys =
      helpPage == nil
      ? ((top as? AppScreen)?.keys ?? []).filter(\.isAvailable) : [Key("b", "Close help") { _ in }]
    let globals = helpPage == nil ? globalKeys : []
    let showsEndFirst = helpPage == nil && (top as? AppScreen)?.showsEndFirst == true
    var messages = status.map { Self.wrap($0, columns: width, first: "", then: "") } ?? []
    if helpPage == nil, let help {
      messages += Self.wrap(help.joined(separator: "\n"), columns: width, first: "", then: "")
    }

    func keyLines(_ keys: [Key]) -> [String] {
      // Under the screen's keys; at the left edge in a narrow terminal.
      let global = Self.wrapParts(
        Self.describe(globals), columns: width, first: width >= 60 ? "      " : "")
      func screenLines(_ parts: [String]) -> [String] {
        parts.isEmpty ? [] : Self.wrapParts(parts, columns: width, first: "Keys: ")
      }
      let full = screenLines(Self.describe(keys))
      // In a small terminal the keys take a third of the rows at most: without the <text> they
      // take, and if need be the last ones left to `?`, which lists them all.
      guard let rows = size.rows, full.count + global.count > max(3, rows / 3) else { return full + global }
      let room = max(1, max(3, rows / 3) - global.count)
      var parts = Self.describe(keys, arguments: false)
      if screenLines(parts).count > room {
        while parts.count > 1, screenLines(parts + ["? more"]).count > room { parts.removeLast() }
        parts.append("? more")
      }
      return screenLines(parts) + global
    }
    guard let rows = size.rows else {
      return Layout(
        lines: header + body + under + [rule] + keyLines(screenKeys) + messages, shownRows: body.count)
    }
    var keys = keyLines(screenKeys)
    if header.count + body.count + under.count + 1 + keys.count + messages.count <= rows {
      return Layout(lines: header + body + under + [rule] + keys + messages, shownRows: body.count)
    }
    // The content scrolls: the scroll keys join the screen's, and the messages give way to at
    // least a line of content.
    keys = keyLines(Self.scrollKeys(down: true, up: true) + screenKeys)
    var shown = rows - header.count - under.count - 1 - keys.count - messages.count
    if shown < 1, messages.count > 0 {
      let keep = max(1, messages.count - (1 - shown))
      if keep < messages.count {
        messages = Array(messages.prefix(keep))
        messages[keep - 1] = Self.fit(messages[keep - 1] + " …", columns: width)
      }
      shown = rows - header.count - under.count - 1 - keys.count - messages.count
    }
    shown = max(1, shown)
    let maxFirst = max(0, body.count - shown)
    let fromAnchor = min(scroll.linesFromAnchor, maxFirst)
    let first = showsEndFirst ? maxFirst - fromAnchor : fromAnchor
    let visible = Array(body[first..<min(body.count, first + shown)])
    keys = keyLines(Self.scrollKeys(down: first < maxFirst, up: first > 0) + screenKeys)
    let position = "── lines \(first + 1)–\(first + visible.count) of \(body.count) "
    let positionRule = Self.fit(
      position + String(repeating: "─", count: max(0, width - position.count)), columns: width)
    var lines = header + visible + under + [positionRule] + keys + messages
    // A terminal smaller than the smallest frame: the header and the content's top stay.
    if lines.count > rows { lines = Array(lines.prefix(rows)) }
    return Layout(lines: lines, firstShown: first, maxFirst: maxFirst, shownRows: visible.count)
  }

  /// `text` made safe for a terminal.
  static func safe(_ text: String) -> String { TerminalText.sanitized(text) }

  /// `text` made safe for a terminal and cut to `columns`.
  static func fit(_ text: String, columns: Int) -> String {
    TerminalText.truncated(TerminalText.sanitized(text), toColumns: columns)
  }

  /// `text` (lines separated by newlines) made safe and wrapped at spaces to `columns`, its
  /// first line after `first`, the others after `then`.
  static func wrap(_ text: String, columns: Int, first: String, then: String) -> [String] {
    var lines: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lead = index == 0 ? first : then
      let parts = TerminalText.wrapped(
        safe(String(line)), toColumns: columns - TerminalText.displayWidth(lead))
      for (number, part) in parts.enumerated() {
        lines.append(
          (number == 0 ? lead : String(repeating: " ", count: TerminalText.displayWidth(then))) + part)
      }
    }
    return lines
  }

  /// `parts` joined by ` · ` in lines of at most `columns`, the first after `first`, the others
  /// indented as much; a part never split.
  static func wrapParts(_ parts: [String], columns: Int, first: String) -> [String] {
    let indent = String(repeating: " ", count: TerminalText.displayWidth(first))
    var lines: [String] = []
    var line = first
    var isEmpty = true
    for part in parts.map(safe) {
      let room = columns - TerminalText.displayWidth(indent)
      let part = TerminalText.truncated(part, toColumns: room)
      let candidate = isEmpty ? line + part : line + " · " + part
      if isEmpty || TerminalText.displayWidth(candidate) <= columns {
        line = candidate
      } else {
        lines.append(line)
        line = indent + part
      }
      isEmpty = false
    }
    if !isEmpty { lines.append(line) }
    return lines.map { TerminalText.truncated($0, toColumns: columns) }
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

  /// `1-3 Open`, `n New entry`, `t <title> Title`: numbered keys with one label are grouped.
  static func describe(_ keys: [Key], arguments: Bool = true) -> [String] {
    var parts: [String] = []
    var index = 0
    while index < keys.count {
      let key = keys[index]
      var end = index
      while end + 1 < keys.count, keys[end + 1].label == key.label, Int(keys[end + 1].key) != nil,
        Int(keys[end].key).flatMap({ $0 < Int.max ? $0 + 1 : nil }) == Int(keys[end + 1].key)
      {
        end += 1
      }
      // `<` and `>` (tabs), `j` and `k` (scroll) read as one.
      for (pair, label) in [(("<", ">"), "Tabs"), (("j", "k"), "Scroll")]
      where key.key == pair.0 && index + 1 < keys.count && keys[index + 1].key == pair.1 {
        parts.append("\(pair.0) \(pair.1) \(label)")
        index += 2
      }
      guard index < keys.count, keys[index].key == key.key else { continue }
      let name = end > index ? "\(key.key)-\(keys[end].key)" : key.key
      let argument = arguments ? key.argument.map { " <\($0)>" } ?? "" : ""
      parts.append("\(name)\(argument) \(key.label)")
      index = end + 1
    }
    return parts
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
