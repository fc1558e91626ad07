import Testing

@testable import DiaryApp

/// Checks shared by the layout tests: a frame fits its terminal and keeps its header.
enum FrameChecks {
  /// The frame's lines without the colours of a live terminal.
  static func plainLines(_ frame: String) -> [String] {
    frame.replacing(/\u{1B}\[[0-9;]*m/, with: "").components(separatedBy: "\n")
  }

  /// The frame's words in one line, without a modal's margin: a message wrapped at spaces reads
  /// whole again.
  static func words(_ frame: String) -> String {
    plainLines(frame).map { line in
      let trimmed = line.trimmingSpaces
      return trimmed.hasPrefix("│") ? String(trimmed.dropFirst()).trimmingSpaces : trimmed
    }
    .filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Expects every line of `frame` within `size`, and the app title, the tabs (if `tabs`) and
  /// the path on it.
  static func expectFits(
    _ frame: String, _ size: TerminalSize, tabs: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = plainLines(frame)
    for line in lines {
      #expect(
        TerminalText.displayWidth(line) <= size.columns, "wider than \(size.columns): \(line)",
        sourceLocation: sourceLocation)
    }
    if let rows = size.rows {
      #expect(lines.count <= rows, "\(lines.count) lines on \(rows) rows", sourceLocation: sourceLocation)
    }
    #expect(lines.first == "ReactorFlow Diary", sourceLocation: sourceLocation)
    if tabs { #expect(lines.contains { $0.hasPrefix("Tabs: ") }, sourceLocation: sourceLocation) }
    #expect(lines.contains { $0.hasPrefix("Path: ") }, sourceLocation: sourceLocation)
  }
}
