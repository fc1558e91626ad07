/// How the explorer writes the path of a problem as a test to paste into a regression suite.
///
/// By default a `FlowTester` test: ``setup`` starts the app on `tester` (as the exploration's
/// `launch` does on its run), each input is a line, the steps handled after each are stated,
/// and `tester.finish()` checks diagnostics and leaks; `.checksLeaks` checks the rest.
///
/// The app's text in it (action names, tab titles, steps, the problem's message and tree) is
/// written only as plain string literals fully escaped — quotes and backslashes, and every line
/// break (`\n`, `\r`, U+0085, U+2028, U+2029), control character and bidi control as a `\u{…}`
/// escape — or, in a comment, escaped the same way (quotes kept): no text ends a line, so none
/// becomes code. The code given here (``setup``, ``navigate``, an ``ExplorationStep``'s or a
/// ``UserAction``'s code) is written as it is.
public struct ReproductionScript: Sendable {
  /// The test's declaration, up to its opening brace.
  public var signature = "@MainActor @Test(.checksLeaks) func reproduction() async"
  /// The first lines of the test: make the tester.
  public var prologue = ["let tester = FlowTester()"]
  /// The lines that start the app (the exploration's `launch`, as code).
  public var setup: [String] = []
  /// The expression of the window in the test.
  public var window = "tester.window"
  /// The code of a broadcast step, given the step's code.
  public var navigate: @Sendable (String) -> String = { "tester.navigate(to: \($0))" }
  /// Whether the steps handled after each input are stated (`tester.expectSteps`).
  public var statesSteps = true
  /// Lines after each input (e.g. a wait for the app to settle).
  public var afterInput: [String] = []
  /// The last lines of the test.
  public var epilogue = ["await tester.finish()"]

  /// The default: a `FlowTester` test.
  public init() {}

  /// The code of `input` in a test (`action` is the code a ``UserAction`` gives, if any).
  func code(for input: ExplorationInput, steps: [ExplorationStep], action: String?) -> String {
    switch input {
    case .step(let label):
      return navigate(steps.first { $0.label == label }?.code ?? label)
    case .back: return "\(window).userTapsBack()"
    case .swipeDown: return "\(window).userSwipesDown()"
    case .selectTab(let title): return "\(window).userSelectsTab(\(literal(title)))"
    case .action(let name): return action ?? "await \(window).userPerforms(\(literal(name)))"
    }
  }

  /// Writes the test for `path`: the inputs, their code, the steps handled after launch and
  /// after each input, and the problem's lines at the end.
  func write(
    path: [ExplorationInput], codes: [String], handled: [HandledSteps], ending: [String]
  ) -> String {
    var lines = [signature + " {"]
    var body = prologue + setup
    if statesSteps, let first = handled.first { body += first.lines }
    for (index, input) in path.enumerated() {
      body.append("// \(index + 1). \(commentText(input.description))")
      body.append(codes[index])
      body += afterInput
      if statesSteps, index + 1 < handled.count { body += handled[index + 1].lines }
    }
    // The problem's comments hold the app's text (a message, the tree's lines): escaped.
    body += ending.map { line in line.hasPrefix("//") ? "//" + commentText(String(line.dropFirst(2))) : line }
    body += epilogue
    lines += body.map { $0.isEmpty ? "" : "  " + $0 }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}

/// The steps handled after launch or after one input: some at once, the rest once settled.
struct HandledSteps: Sendable, Hashable {
  var atOnce: Int
  var all: [String]

  var lines: [String] {
    var lines: [String] = []
    if all.count > atOnce { lines.append("await tester.waitForSteps(\(all.count))") }
    if !all.isEmpty { lines.append("tester.expectSteps([\(all.map(literal).joined(separator: ", "))])") }
    return lines
  }
}
