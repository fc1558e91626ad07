import ReactorFlow

/// How a journal's timeline (`Journal.timeline(style:)`) marks diagnostics.
public enum JournalTimelineStyle: Hashable, Sendable {
  /// Plain text: a diagnostic's line starts with `!`.
  case plain
  /// For a terminal: a diagnostic's line is also shown in bold red (ANSI escape codes, the only
  /// control characters in the output).
  case terminal
}

extension Journal {
  /// The journal as a readable timeline: one line per entry with its number, its time since the
  /// start, its source and what happened — and, for an action or a step whose call site was
  /// recorded, where it was sent or accepted (`at DiaryListView.swift:42`); a rendered tree
  /// follows its line, indented.
  ///
  /// Every text from the journal (payload descriptions, links, diagnostics) is shown with its
  /// control characters escaped (`\u{1B}`), so that a journal from the field cannot drive the
  /// terminal that shows it.
  ///
  /// ```swift
  /// let recorder = JournalRecorder(clock: ContinuousClock())
  /// recorder.recordAction("refresh", from: JournalSource.app.appending("DiaryListReactor"))
  /// print(recorder.journal.timeline())
  /// ```
  public func timeline(style: JournalTimelineStyle = .plain) -> String {
    var lines: [String] = []
    if droppedCount > 0 {
      lines.append("(\(droppedCount) earlier entries dropped)")
    }
    let width = String(entries.last?.time.sequence ?? 0).count
    for entry in entries {
      let number = String(entry.time.sequence)
      let padded = String(repeating: " ", count: max(0, width - number.count)) + "#" + number
      let (label, text) = Self.describe(entry.event)
      let isDiagnostic = entry.event.kind == .diagnostic
      var line = "\(isDiagnostic ? "!" : " ") \(padded)  \(Self.format(entry.time.offset))  "
      line += "\(ReactorFlowDiagnostics.escaped(entry.source.description))  \(label)"
      if !text.isEmpty { line += ": \(ReactorFlowDiagnostics.escaped(text))" }
      if let callSite = entry.callSite {
        line += "  at \(ReactorFlowDiagnostics.escaped(callSite.description))"
      }
      if isDiagnostic && style == .terminal { line = "\u{1B}[1;31m\(line)\u{1B}[0m" }
      lines.append(line)
      if case .renderedTree(let tree) = entry.event {
        for treeLine in tree.split(separator: "\n", omittingEmptySubsequences: false) {
          lines.append("      | " + ReactorFlowDiagnostics.escaped(String(treeLine)))
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// An event's label and text (unescaped).
  package static func describe(_ event: JournalEntry.Event) -> (label: String, text: String) {
    switch event {
    case .action(let payload): return ("action", payload.description)
    case .step(let payload): return ("step", payload.description)
    case .deepLink(let link): return ("deep link", link)
    case .gesture(let gesture): return ("gesture", gesture.description)
    case .effectOutput(let effect, let payload): return ("effect #\(effect) output", payload.description)
    case .mutation(let payload): return ("mutation", payload.description)
    case .navigation(let text): return ("navigation", text)
    case .diagnostic(let text): return ("diagnostic", text)
    case .stateSnapshot(let payload): return ("state", payload.description)
    case .renderedTree: return ("rendered tree", "")
    }
  }

  /// `+1.250s`: milliseconds, rounded toward zero.
  package static func format(_ offset: Duration) -> String {
    // Only a journal built by hand can hold a negative offset; a recorder's never do.
    if offset < .zero { return "-" + format(.zero - offset).dropFirst() }
    let (seconds, attoseconds) = offset.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    let fraction = String(milliseconds)
    return "+\(seconds).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }
}
