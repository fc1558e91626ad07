import ReactorFlow

extension Journal {
  /// The journal as a Mermaid sequence diagram: the user, each source (screens, flows, reactors)
  /// and the effects as participants; actions, deep links and gestures as messages from the user,
  /// steps as messages to the flow above their source, mutations and navigation as messages of a
  /// source to itself, effect outputs as replies from the effects; diagnostics and checkpoints as
  /// notes.
  ///
  /// Names and texts are sanitized for Mermaid: every character but letters, digits, spaces and
  /// `_.,/()=+*!?@'-` is written as an entity (`#62;`), and long texts are cut at 80 characters.
  public var mermaid: String {
    var participants: [JournalSource: String] = [:]
    var declarations: [String] = []
    var usesUser = false
    var usesEffects = false
    var messages: [String] = []
    func id(_ source: JournalSource) -> String {
      if let id = participants[source] { return id }
      let id = "P\(participants.count)"
      participants[source] = id
      declarations.append("  participant \(id) as \(Self.mermaidText(source.description, limit: nil))")
      return id
    }
    for entry in entries {
      let source = id(entry.source)
      let (label, text) = Self.describe(entry.event)
      let message = Self.mermaidText(text.isEmpty ? label : "\(label) \(text)", limit: 80)
      switch entry.event {
      case .action, .deepLink, .gesture:
        usesUser = true
        messages.append("  U->>\(source): \(message)")
      case .step:
        let target = id(entry.source.parent ?? .app)
        messages.append("  \(source)->>\(target): \(message)")
      case .mutation, .navigation:
        messages.append("  \(source)->>\(source): \(message)")
      case .effectOutput:
        usesEffects = true
        messages.append("  E-->>\(source): \(message)")
      case .diagnostic, .stateSnapshot, .renderedTree:
        messages.append("  Note over \(source): \(message)")
      }
    }
    var lines = ["sequenceDiagram"]
    if usesUser { lines.append("  participant U as user") }
    lines += declarations
    if usesEffects { lines.append("  participant E as effects") }
    if droppedCount > 0, !participants.isEmpty {
      lines.append("  Note over P0: \(droppedCount) earlier entries dropped")
    }
    return (lines + messages).joined(separator: "\n")
  }

  /// `text` cut to `limit` characters, its control characters escaped, and every character Mermaid
  /// might read as syntax written as an entity.
  static func mermaidText(_ text: String, limit: Int?) -> String {
    var cut = text
    if let limit, text.count > limit { cut = String(text.prefix(limit)) + "…" }
    var result = ""
    for scalar in ReactorFlowDiagnostics.escaped(cut).unicodeScalars {
      let isSafe =
        (scalar.value < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        || " _.,/()=+*!?@'-".unicodeScalars.contains(scalar)
      result += isSafe ? String(scalar) : "#\(scalar.value);"
    }
    return result
  }
}
