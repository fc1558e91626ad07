import Foundation

/// The explored graph drawn as a map: Mermaid (renders on GitHub), Graphviz DOT, and SVG when
/// Graphviz's `dot` is installed. The same exploration gives byte-identical text.
extension ExplorationResult {
  /// The edges of the map: one per pair of states, naming every input that leads there.
  private var edges: [(from: Int, to: Int, inputs: [String])] {
    var order: [[Int]: Int] = [:]
    var edges: [(from: Int, to: Int, inputs: [String])] = []
    for move in moves {
      let key = [move.from, move.to]
      if let at = order[key] {
        edges[at].inputs.append(move.input.description)
      } else {
        order[key] = edges.count
        edges.append((move.from, move.to, [move.input.description]))
      }
    }
    return edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
  }

  private var problemStates: Set<Int> { Set(problems.map(\.stateID)) }

  /// The flows of the states, in the order they first show (each drawn as a group).
  private var flows: [String] {
    var flows: [String] = []
    for state in states where !flows.contains(state.flow) { flows.append(state.flow) }
    return flows
  }

  /// The map as a Mermaid flowchart: a group per flow, a node per state, an edge per pair of
  /// states naming the inputs between them; states with a problem are marked.
  public var mermaid: String {
    var lines = ["flowchart LR"]
    let flagged = problemStates
    for (index, flow) in flows.enumerated() {
      lines.append("  subgraph F\(index)[\"\(mermaidText(flow))\"]")
      for state in states where state.flow == flow {
        let mark = flagged.contains(state.id) ? "⚠ " : ""
        lines.append("    S\(state.id)[\"\(mark)\(mermaidText(state.label))\"]")
      }
      lines.append("  end")
    }
    for edge in edges {
      let label = mermaidText(edge.inputs.joined(separator: ", "))
      lines.append("  S\(edge.from) -->|\"\(label)\"| S\(edge.to)")
    }
    lines.append("  classDef problem fill:#fdd,stroke:#c00,stroke-width:2px")
    let flaggedIDs = flagged.sorted().map { "S\($0)" }
    if !flaggedIDs.isEmpty { lines.append("  class \(flaggedIDs.joined(separator: ",")) problem") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The map as a Graphviz DOT graph: a cluster per flow, a node per state, an edge per pair
  /// of states naming the inputs between them; states with a problem are red.
  public var dot: String {
    var lines = [
      "digraph navigation {",
      "  rankdir=LR;",
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\", fontname=\"Helvetica\", fontsize=11];",
      "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\"];",
    ]
    let flagged = problemStates
    for (index, flow) in flows.enumerated() {
      lines.append("  subgraph cluster_\(index) {")
      lines.append(
        "    label=\"\(dotText(flow))\"; style=\"rounded,dashed\"; color=\"#999999\"; fontname=\"Helvetica\";"
      )
      for state in states where state.flow == flow {
        var attributes = "label=\"\(dotText(state.label))\""
        if flagged.contains(state.id) {
          attributes += ", color=\"#cc0000\", fillcolor=\"#ffdddd\", penwidth=2"
        }
        if state.id == 0 { attributes += ", peripheries=2" }
        lines.append("    S\(state.id) [\(attributes)];")
      }
      lines.append("  }")
    }
    for edge in edges {
      let label = dotText(edge.inputs.joined(separator: "\n"))
      lines.append("  S\(edge.from) -> S\(edge.to) [label=\"\(label)\"];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes `<name>.mmd`, `<name>.dot` and, when Graphviz's `dot` is installed, `<name>.svg`
  /// into `directory`; returns what it wrote and, plainly, what it could not.
  ///
  /// `dot` is looked for in the folders of `searchPath` (`:`-separated; by default the `PATH`).
  @discardableResult
  public func writeMap(
    to directory: String, name: String = "navigation-map", searchPath: String? = nil
  ) throws -> [String] {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let base = (directory as NSString).appendingPathComponent(name)
    try mermaid.write(toFile: base + ".mmd", atomically: true, encoding: .utf8)
    try dot.write(toFile: base + ".dot", atomically: true, encoding: .utf8)
    var written = ["wrote \(base).mmd", "wrote \(base).dot"]
    #if os(macOS) || os(Linux) || os(Windows)
      guard let graphviz = Self.graphvizDot(in: searchPath) else {
        written.append(
          "no SVG: Graphviz's `dot` is not installed (on Debian or Ubuntu: apt-get install graphviz; "
            + "on macOS: brew install graphviz); the Mermaid and DOT files are written")
        return written
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: graphviz)
      // newrank: Graphviz's default ranking fails ("trouble in init_rank") on some maps whose
      // clusters hold many states, as the demo's map of every state does.
      process.arguments = ["-Gnewrank=true", "-Tsvg", base + ".dot", "-o", base + ".svg"]
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus == 0 {
        written.append("wrote \(base).svg")
      } else {
        written.append("no SVG: `dot` failed with status \(process.terminationStatus)")
      }
    #else
      written.append(
        "no SVG: Graphviz cannot run on this platform (a simulator or a device); the Mermaid and DOT "
          + "files are written — run `dot -Tsvg` on them, or explore on macOS or Linux")
    #endif
    return written
  }

  /// The path of Graphviz's `dot`, if it is in one of the folders of `searchPath` (by default
  /// the `PATH`).
  static func graphvizDot(in searchPath: String?) -> String? {
    let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/dot"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

private func mermaidText(_ text: String) -> String {
  text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "\n", with: "<br/>")
}

private func dotText(_ text: String) -> String {
  text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    .replacingOccurrences(of: "\n", with: "\\n")
}
