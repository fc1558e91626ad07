import Foundation
import ReactorFlow

/// `reactorflow-journal`: looks at journal files from the command line — a page to inspect a
/// session in a browser, its timeline, its Mermaid diagram, the first difference between two.
///
/// Exit statuses, as `sysexits.h` names them: 0 done (for `diff`, the journals hold the same
/// entries), 1 the journals differ, 64 a command used wrongly, 65 a file that is not a journal
/// this library can read, 73 a page that cannot be written. Every text from a file is printed
/// escaped: a journal from the field cannot drive the terminal.
package enum JournalCommand {
  /// What a run prints and how it ends.
  package struct Outcome: Equatable, Sendable {
    package var status: Int32
    package var output: String
    package var error: String
  }

  package static let usage = """
    usage: reactorflow-journal <command> …

      inspect FILE [--output PAGE.html] [--replay REPLAYED]
                     write a page to look at the session in a browser (default: FILE.html);
                     with --replay, the first entry where REPLAYED (the journal of a replay of
                     FILE) differs from FILE is marked on its timeline
      timeline FILE  print one line per entry
      mermaid FILE   print the session's navigation as a Mermaid sequence diagram
      diff A B       print the first entry where two journals differ (exit status 1), if any
      help           print this text

    """

  /// Runs the command `arguments` (without the program's name) names.
  package static func run(_ arguments: [String]) -> Outcome {
    guard let command = arguments.first else { return misuse("no command given") }
    let operands = Array(arguments.dropFirst())
    switch command {
    case "help", "--help", "-h":
      return Outcome(status: 0, output: usage, error: "")
    case "inspect":
      return inspect(operands)
    case "timeline", "mermaid":
      guard operands.count == 1 else { return misuse("\(command) takes one journal file") }
      return reading(operands[0]) { file in
        let text = command == "timeline" ? file.journal.timeline() : file.journal.mermaid
        return Outcome(status: 0, output: text + "\n", error: "")
      }
    case "diff":
      guard operands.count == 2 else { return misuse("diff takes two journal files") }
      return reading(operands[0]) { first in
        reading(operands[1]) { second in
          guard let difference = first.journal.firstDifference(from: second.journal) else {
            return Outcome(status: 0, output: "The two journals hold the same entries.\n", error: "")
          }
          return Outcome(status: 1, output: difference.description + "\n", error: "")
        }
      }
    default:
      return misuse("unknown command \(ReactorFlowDiagnostics.escaped(command))")
    }
  }

  private static func inspect(_ operands: [String]) -> Outcome {
    var input: String?
    var output: String?
    var replay: String?
    var rest = operands[...]
    while let operand = rest.popFirst() {
      switch operand {
      case "--output", "--replay":
        guard let value = rest.popFirst() else { return misuse("\(operand) needs a file") }
        if operand == "--output" { output = value } else { replay = value }
      default:
        guard input == nil, !operand.hasPrefix("--") else {
          return misuse("unexpected \(ReactorFlowDiagnostics.escaped(operand))")
        }
        input = operand
      }
    }
    guard let input else { return misuse("inspect takes a journal file") }
    let path = output ?? input + ".html"
    for journal in [input] + (replay.map { [$0] } ?? []) where isSameFile(path, journal) {
      return misuse(
        """
        the page's path \(ReactorFlowDiagnostics.escaped(path)) is the journal \
        \(ReactorFlowDiagnostics.escaped(journal)): writing the page would replace it. Pass another \
        file with --output, or leave --output out to write FILE.html
        """)
    }
    return reading(input) { file in
      func write(_ page: JournalInspectorPage) -> Outcome {
        do {
          try Data(page.html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          return Outcome(
            status: 73, output: "",
            error: """
              reactorflow-journal: cannot write \(ReactorFlowDiagnostics.escaped(path)): \
              \(ReactorFlowDiagnostics.escaped(error.localizedDescription)). Check that its folder \
              exists and is writable, or pass another with --output.

              """)
        }
        return Outcome(status: 0, output: "Wrote \(ReactorFlowDiagnostics.escaped(path))\n", error: "")
      }
      guard let replay else { return write(JournalInspectorPage(file: file)) }
      return reading(replay) { replayed in
        write(
          JournalInspectorPage(file: file, divergence: file.journal.firstDifference(from: replayed.journal)))
      }
    }
  }

  /// Whether the paths `a` and `b` name the same file: the same path once standardized and its
  /// symbolic links resolved, or (both existing) the same file on the same device, a hard link.
  private static func isSameFile(_ a: String, _ b: String) -> Bool {
    func resolved(_ path: String) -> URL {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }
    if resolved(a).path == resolved(b).path { return true }
    func identity(_ path: String) -> [AnyHashable]? {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved(path).path),
        let device = attributes[.systemNumber] as? AnyHashable,
        let file = attributes[.systemFileNumber] as? AnyHashable
      else { return nil }
      return [device, file]
    }
    guard let first = identity(a) else { return false }
    return first == identity(b)
  }

  /// Reads the journal at `path`, then does `body` with it; a file that cannot be read ends the
  /// run with 65 and what is wrong with it.
  private static func reading(_ path: String, _ body: (JournalFile) -> Outcome) -> Outcome {
    do {
      return body(try JournalReader().read(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      return Outcome(
        status: 65, output: "",
        error:
          "reactorflow-journal: \(ReactorFlowDiagnostics.escaped(path)) is not a journal it can read: \(error)\n"
      )
    }
  }

  private static func misuse(_ problem: String) -> Outcome {
    Outcome(status: 64, output: "", error: "reactorflow-journal: \(problem).\n\n" + usage)
  }
}
