import Foundation
import ReactorFlow
import ReactorFlowJournal

/// Writes a journal as a Swift Testing test to paste into a regression suite: the journal as its
/// file's lines, replayed in a fresh app by ``Exploration/replay(_:checking:steps:progress:)``, with the
/// expectation that it reproduces every entry and ends in the state recorded last.
///
/// ```swift
/// let exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// let journal = await exploration.record([.action("Sign in"), .back])
/// var script = JournalTestScript()
/// script.exploration = "Exploration { run in run.start(AppFlow(window: run.window), with: AppStepper()) }"
/// print(try script.write(journal))
/// ```
///
/// The test reads the journal as a file would be read, so every value it replays must be
/// `Codable` (a step's type listed in ``steps``).
///
/// The journal's text (its file's lines, the app's name, the inputs, the last rendered tree) is
/// written only as plain string literals fully escaped — quotes and backslashes, and every line
/// break (`\n`, `\r`, U+0085, U+2028, U+2029), control character and bidi control as a `\u{…}`
/// escape — or, in the comment naming each input, escaped the same way (quotes kept): no text of
/// the journal ends a line, so none becomes code. The code given here (``prologue``,
/// ``exploration``, ``steps``, ``checking``, ``signature``) is written as it is.
public struct JournalTestScript: Sendable {
  /// The test's declaration, up to its opening brace.
  public var signature = "@MainActor @Test func replayedSession() async throws"
  /// The first lines of the test (what the exploration's expression needs).
  public var prologue: [String] = []
  /// The expression of the ``Exploration`` whose `launch` starts the app, in the test.
  public var exploration = "exploration"
  /// The step types the journal's steps decode as, as code (`AppStep.self`).
  public var steps: [String] = []
  /// The kinds the replay checks, as code; `nil`: ``JournalReplay/defaultChecks``.
  public var checking: String?
  /// The app and build written in the journal's header.
  public var header = JournalHeader(app: "App", build: "test")

  /// The default: `@MainActor @Test func replayedSession()`, replaying on `exploration`.
  public init() {}

  /// The test for `journal`: a comment per input, the journal's lines as escaped literals, its
  /// replay and the expectations. Throws when a value of the journal cannot be encoded.
  public func write(_ journal: Journal) throws(JournalWriteError) -> String {
    let text = String(decoding: try journal.jsonLines(header: header), as: UTF8.self)
    var body = prologue
    var number = 0
    for entry in journal.entries where entry.event.kind.isInput && entry.event.kind != .effectOutput {
      number += 1
      let input = "\(entry.event.kind.rawValue) at \(entry.source): \(JournalTracer.text(of: entry.event))"
      body.append("// \(number). \(commentText(input))")
    }
    // The file's lines, each a plain literal: the encoder leaves no line break in a line, but
    // U+2028, U+2029, C1 and bidi controls as they are, which the literals escape.
    var fileLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if fileLines.last == "" { fileLines.removeLast() }
    body.append("let journalLines: [String] = [")
    body += fileLines.map { "  " + literal($0) + "," }
    body.append("]")
    body.append("let data = Data(journalLines.map { $0 + \"\\n\" }.joined().utf8)")
    body.append("let journal = try JournalReader(expectedApp: \(literal(header.app))).read(data).journal")
    var arguments = ["journal"]
    if let checking { arguments.append("checking: \(checking)") }
    if !steps.isEmpty { arguments.append("steps: [\(steps.joined(separator: ", "))]") }
    body.append("let replay = await \(exploration).replay(\(arguments.joined(separator: ", ")))")
    body.append("#expect(replay.divergence == nil, \"\\(replay.divergence?.description ?? \"\")\")")
    let lastTree = journal.entries.last { $0.event.kind == .renderedTree }
    if let lastTree, case .renderedTree(let tree) = lastTree.event {
      body.append("#expect(replay.finalState == \(literal(tree)))")
    }
    var lines = [signature + " {"]
    lines += body.map { line in line.isEmpty ? "" : "  " + line }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
