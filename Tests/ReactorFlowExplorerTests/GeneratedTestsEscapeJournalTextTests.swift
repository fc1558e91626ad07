import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@testable import ReactorFlowExplorer

/// The tests `JournalTestScript` and `ReproductionScript` print hold text from a journal or from
/// the app (deep links, payloads, trees, action names, tab titles, steps, messages): it is
/// written only as escaped string literals, or escaped in comments, so no text can end a line,
/// add a statement or break the file.
@Suite("Generated tests write journal and app text escaped, never as code")
struct GeneratedTestsEscapeJournalTextTests {
  static let injected = "x\n fatalError(\"injected\")"

  @Test("a deep link or typed text with a line break stays in its comment; a tree's \\r\\n in its literal")
  func lineBreaksStayInComments() throws {
    let source = JournalSource.app.appending("FormReactor")
    let journal = Journal(entries: [
      JournalEntry(time: .init(sequence: 1, offset: .zero), source: .app, event: .deepLink(Self.injected)),
      JournalEntry(
        time: .init(sequence: 2, offset: .zero), source: source,
        event: .action(
          JournalPayload(typeName: "Form.Action", description: "type(\(Self.injected))", json: nil))),
      JournalEntry(time: .init(sequence: 3, offset: .zero), source: .app, event: .renderedTree("window\r\n")),
    ])
    let text = try JournalTestScript().write(journal)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("fatalError"), "a statement: \(line)")
    }
    #expect(!text.unicodeScalars.contains("\r"), "a raw \\r in \(text.debugDescription)")
    #expect(text.contains(#"#expect(replay.finalState == "window\u{D}\u{A}")"#))
  }

  @MainActor
  @Test(
    "an action's name and a screen's title with line breaks stay in the reproduction's literals and comments")
  func reproductionKeepsTextInLiterals() async throws {
    var exploration = Exploration { run in
      let flow = HostileNamesFlow()
      run.window.rootViewController = flow.navigation
      run.start(flow, with: OneStepper(withSingleStep: HostileNamesStep.start))
    }
    exploration.progress = .never
    let result = await exploration.run()
    let problem = try #require(result.problems.first { $0.kind == .stuck }, "\(result.report)")
    for line in problem.script.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("fatalError"), "a statement: \(line)")
    }
    #expect(!problem.script.unicodeScalars.contains("\r"), "a raw \\r in \(problem.script.debugDescription)")
    #expect(problem.script.contains(#"userPerforms("Open\u{A} fatalError(\"injected\")")"#))
  }

  @Test(
    "random hostile journals and paths: the template's lines, no raw line break or bidi control, and it parses"
  )
  func hostileTextKeepsTheTemplate() throws {
    var random = SplitMix64(startingAt: 0xE5CA_9E)
    var files: [String] = []
    for index in 0..<20 {
      let seed = random.next()
      var hostile = SplitMix64(startingAt: seed)
      var plain = SplitMix64(startingAt: seed)
      let file = try Self.journalTest(index, &hostile, text: Self.hostileText)
      let template = try Self.journalTest(index, &plain, text: Self.plainText)
      Self.expectSameTemplate(file, template, "journal \(index), seed \(seed)")
      files.append(file)
    }
    for index in 0..<20 {
      let seed = random.next()
      var hostile = SplitMix64(startingAt: seed)
      var plain = SplitMix64(startingAt: seed)
      let file = Self.reproduction(index, &hostile, text: Self.hostileText)
      let template = Self.reproduction(index, &plain, text: Self.plainText)
      Self.expectSameTemplate(file, template, "reproduction \(index), seed \(seed)")
      files.append(file)
    }
    try Self.expectParses(files.joined(separator: "\n\n") + "\n")
  }

  // MARK: - Hostile text

  static let pieces = [
    "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\"", "\\", "#", "\"\"\"", "\\(", "\u{0}", "\u{1B}",
    "\u{7F}", "\t", "\u{202E}", "\u{2066}", "\u{200F}", "😀", "👩‍👩‍👧", "e\u{301}", "\u{301}", "\u{20DD}", "a", " ",
    "fatalError(\"injected\")", "/*", "*/", "\"#", "\"\"\"#", "\\#(", "//",
  ]

  /// Up to 8 pieces of hostile text, drawn from `random`.
  static func hostileText(_ random: inout SplitMix64) -> String {
    (0..<random.next(below: 9)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
  }

  /// "a", drawing from `random` what ``hostileText(_:)`` draws (the rest of the journal is
  /// drawn the same).
  static func plainText(_ random: inout SplitMix64) -> String {
    _ = hostileText(&random)
    return "a"
  }

  // MARK: - Generated files

  /// A journal test for a random journal whose every string is `text(&random)`; the numbers
  /// (kinds, sequences, ordinals) are drawn the same whatever `text` returns.
  static func journalTest(
    _ index: Int, _ random: inout SplitMix64, text: (inout SplitMix64) -> String
  ) throws -> String {
    var entries: [JournalEntry] = []
    for sequence in 1...UInt64(1 + random.next(below: 10)) {
      var path: [JournalSource.Component] = []
      for ordinal in 0..<random.next(below: 3) { path.append(.init(text(&random), ordinal: ordinal)) }
      let time = JournalTime(sequence: sequence, offset: .milliseconds(Int(sequence)))
      func payload(_ random: inout SplitMix64) -> JournalPayload {
        JournalPayload(typeName: text(&random), description: text(&random), json: text(&random))
      }
      let event: JournalEntry.Event
      switch random.next(below: 10) {
      case 0: event = .action(payload(&random))
      case 1: event = .step(payload(&random))
      case 2: event = .deepLink(text(&random))
      case 3: event = .gesture([.back, .swipeDown, .selectTab(2)][random.next(below: 3)])
      case 4: event = .effectOutput(effect: random.next(below: 3), payload(&random))
      case 5: event = .mutation(payload(&random))
      case 6: event = .navigation(text(&random))
      case 7: event = .diagnostic(text(&random))
      case 8: event = .stateSnapshot(payload(&random))
      default: event = .renderedTree(text(&random))
      }
      entries.append(JournalEntry(time: time, source: JournalSource(path), event: event))
    }
    var script = JournalTestScript()
    script.signature = "@MainActor @Test func replayedSession\(index)() async throws"
    script.header = JournalHeader(app: text(&random), build: text(&random))
    return try script.write(Journal(entries: entries))
  }

  /// A reproduction script for a random path whose names, titles, steps and problem lines are
  /// `text(&random)`.
  static func reproduction(_ index: Int, _ random: inout SplitMix64, text: (inout SplitMix64) -> String)
    -> String
  {
    var script = ReproductionScript()
    script.signature = "@MainActor @Test(.checksLeaks) func reproduction\(index)() async"
    var path: [ExplorationInput] = []
    var steps: [ExplorationStep] = []
    var codes: [String] = []
    var handled = [HandledSteps(atOnce: 0, all: (0..<random.next(below: 3)).map { _ in text(&random) })]
    for _ in 0..<random.next(below: 5) {
      let input: ExplorationInput
      switch random.next(below: 5) {
      case 0: input = .back
      case 1: input = .swipeDown
      case 2: input = .selectTab(text(&random))
      case 3:
        let label = text(&random)
        steps.append(ExplorationStep(NoneStep(), label: label, code: "NoneStep()"))
        input = .step(label)
      default: input = .action(text(&random))
      }
      path.append(input)
      codes.append(script.code(for: input, steps: steps, action: nil))
      let all = (0..<random.next(below: 3)).map { _ in text(&random) }
      handled.append(HandledSteps(atOnce: random.next(below: all.count + 1), all: all))
    }
    // As the explorer writes a problem's lines: its message, then the tree's lines.
    let ending =
      ["// stuck: \(text(&random))"] + (0..<random.next(below: 3)).map { _ in "//   \(text(&random))" }
    return script.write(path: path, codes: codes, handled: handled, ending: ending)
  }

  // MARK: - Checks

  /// Expects `file` to have the lines of `template` (the same generator, every string "a"),
  /// apart from the string literals' contents and the comments' text, and no scalar that ends a
  /// line (other than the lines' `\n`), no other control character and no bidi control.
  static func expectSameTemplate(_ file: String, _ template: String, _ name: String) {
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(masked)
    let templateLines = template.split(separator: "\n", omittingEmptySubsequences: false).map(masked)
    #expect(lines.count == templateLines.count, "\(name): \(file.debugDescription)")
    for (line, expected) in zip(lines, templateLines) where line != expected {
      Issue.record(
        "\(name): \(line.debugDescription) is not \(expected.debugDescription) in \(file.debugDescription)")
      return
    }
    let forbidden = file.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: return false
      case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        return true
      default: return false
      }
    }
    #expect(
      forbidden.isEmpty,
      "\(name): raw \(forbidden.map { String($0.value, radix: 16) }) in \(file.debugDescription)")
  }

  /// `line` with its comment's text and its string literals' contents left out.
  static func masked(_ line: Substring) -> String {
    let code = line.drop(while: { $0 == " " })
    if code.hasPrefix("//") { return String(line.prefix(line.count - code.count)) + "//" }
    var out = ""
    var inLiteral = false
    var escaping = false
    for scalar in line.unicodeScalars {
      if inLiteral {
        if escaping {
          escaping = false
        } else if scalar == "\\" {
          escaping = true
        } else if scalar == "\"" {
          inLiteral = false
          out.unicodeScalars.append(scalar)
        }
      } else {
        out.unicodeScalars.append(scalar)
        if scalar == "\"" { inLiteral = true }
      }
    }
    return out
  }

  /// Expects `swiftc -parse` to accept `source`; skips that check, saying so, without `swiftc`.
  static func expectParses(_ source: String) throws {
    // Foundation's Process leaves a weak reference's side table behind on Linux, which the leak
    // sanitizer reports as a leak of this test: under the Address Sanitizer the parse check is
    // left to the other runs (the template and character checks still run).
    if ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] == "address" { return }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let candidates =
      path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
    guard let swiftc = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
      print(
        "GeneratedTestsEscapeJournalTextTests: swiftc not found (PATH, /opt/swift/usr/bin): the parse check is skipped"
      )
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "GeneratedTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Generated.swift")
    try Data(source.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    process.arguments = ["-parse", file.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = errors
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "swiftc -parse: \(output)")
    #expect(!output.contains("error:"), "swiftc -parse: \(output)")
  }
}

enum HostileNamesStep: Step, Equatable {
  case start
}

/// A screen whose action's name holds a line break, and whose title (the screen it presents,
/// with no way out) holds `\r\n`.
final class HostileNamesFlow: Flow {
  static let actionName = "Open\n fatalError(\"injected\")"
  static let title = "Stuck\r\n fatalError(\"injected\")"
  let navigation = NavigationStack(title: "App")
  var root: Presentable { navigation }

  func navigate(to step: Step) -> FlowContributors {
    guard step as? HostileNamesStep == .start else { return .none }
    let home = ActionScreen(title: "Home")
    home.actions = [
      UserAction(Self.actionName) { [weak home] in
        home?.present(ActionScreen(title: Self.title), style: .fullScreen)
      }
    ]
    navigation.setViewControllers([home])
    return .none
  }
}
