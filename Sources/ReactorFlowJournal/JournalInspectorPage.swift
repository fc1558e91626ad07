import ReactorFlow

/// A recorded session as one self-contained web page, to look at in a browser: the timeline of
/// entries (filtered by kind and source, searched), a scrubber, and at the selected entry the
/// screen tree as it was rendered, each reactor's state with what changed since its previous
/// checkpoint, and the steps that led there.
///
/// The page needs no network and opens from disk: its style, its script and the journal are
/// inside it. Every text from the journal is handed to the page as data and shown as text, never
/// as markup: a journal is untrusted input, and a title holding `<script>` shows as those
/// characters. `#entry=42` in the page's address opens it at the entry numbered 42.
///
/// ```swift
/// let file = JournalFile(header: JournalHeader(app: "Diary", build: "1.0"), journal: Journal())
/// let page = JournalInspectorPage(file: file).html
/// ```
///
/// `reactorflow-journal inspect FILE` writes it from the command line.
public struct JournalInspectorPage: Sendable {
  /// The session shown.
  public var file: JournalFile
  /// Where a replay of the session first did something else, marked on the timeline with what
  /// was recorded against what happened; `nil` for none.
  public var divergence: JournalDifference?

  /// A page for `file`, marking `divergence` if there is one.
  public init(file: JournalFile, divergence: JournalDifference? = nil) {
    self.file = file
    self.divergence = divergence
  }

  /// A page for `file`, marking where a replay of it diverged (what the recorded entry says
  /// against what the replay did), as `Exploration.replay` or ``NavigationRestoration`` report it.
  public init(file: JournalFile, replayDivergence divergence: JournalDivergence) {
    let reason: JournalDifference.Reason
    switch divergence.reason {
    case .differs, .cannotFeed: reason = .content
    case .missing: reason = .onlyInFirst
    case .unexpected: reason = .onlyInSecond
    }
    let recorded = "\(divergence.kind.rawValue) at \(divergence.source): \(divergence.expected)"
    self.init(
      file: file,
      divergence: JournalDifference(
        index: divergence.index, reason: reason, first: recorded, second: divergence.actual))
  }

  /// The page: HTML with its style, script and data inline.
  public var html: String {
    var page = ""
    page.reserveCapacity(file.journal.count * 120 + Self.style.utf8.count + Self.script.utf8.count + 4096)
    page += """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
      style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
      <title>Journal</title>
      <style>
      """
    page += Self.style
    page += "</style></head><body>\n"
    page += Self.body
    page += "<script type=\"application/json\" id=\"journal\">"
    appendData(to: &page)
    page += "</script>\n<script>\n"
    page += Self.script
    page += Self.pathScript
    page += "</script></body></html>\n"
    return page
  }

  /// The journal as JSON, escaped for a `<script>` element: `{"app", "build", "dropped", "sources",
  /// "entries": [[sequence, milliseconds, kind, source index, label, text, json or null,
  /// call site ("Module/File.swift:42") or null]…], "mark"}`. The sequence number is a string of
  /// its decimal digits: the script's `JSON.parse` reads a number as a double, exact only up to
  /// 2^53, and a sequence number is any `UInt64`.
  private func appendData(to page: inout String) {
    var sources: [JournalSource: Int] = [:]
    var sourceNames: [String] = []
    page += "{\"app\":"
    JSONText.append(file.header.app, to: &page)
    page += ",\"build\":"
    JSONText.append(file.header.build, to: &page)
    page += ",\"dropped\":\(file.journal.droppedCount),\"entries\":["
    for (index, entry) in file.journal.entries.enumerated() {
      if index > 0 { page += "," }
      let source: Int
      if let known = sources[entry.source] {
        source = known
      } else {
        source = sourceNames.count
        sources[entry.source] = source
        sourceNames.append(entry.source.description)
      }
      let (label, text) = Journal.describe(entry.event)
      let (seconds, attoseconds) = entry.time.offset.components
      let milliseconds = max(0, seconds &* 1000 &+ attoseconds / 1_000_000_000_000_000)
      page += "[\"\(entry.time.sequence)\",\(milliseconds),\"\(entry.event.kind.rawValue)\",\(source),"
      JSONText.append(label, to: &page)
      page += ","
      if case .renderedTree(let tree) = entry.event {
        JSONText.append(tree, to: &page)
      } else {
        JSONText.append(text, to: &page)
      }
      page += ","
      if let json = entry.event.payload?.json {
        JSONText.append(json, to: &page)
      } else {
        page += "null"
      }
      page += ","
      if let callSite = entry.callSite {
        JSONText.append("\(callSite.fileID):\(callSite.line)", to: &page)
      } else {
        page += "null"
      }
      page += "]"
    }
    page += "],\"sources\":["
    for (index, name) in sourceNames.enumerated() {
      if index > 0 { page += "," }
      JSONText.append(name, to: &page)
    }
    page += "],\"mark\":"
    if let divergence {
      page += "{\"index\":\(divergence.index),\"expected\":"
      JSONText.append(divergence.first ?? "nothing (the replay went on)", to: &page)
      page += ",\"actual\":"
      JSONText.append(divergence.second ?? "nothing (the replay ended)", to: &page)
      page += "}"
    } else {
      page += "null"
    }
    page += "}"
  }
}

/// JSON strings safe inside an HTML `<script>` element: besides what JSON escapes, `<`, `>`, `&`
/// and the two line separators JavaScript once treated as line ends are written as `\u` escapes,
/// so no text from a journal can close the element or start markup.
enum JSONText {
  static func append(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        output += unicodeEscape(scalar.value)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          output += unicodeEscape(scalar.value)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
