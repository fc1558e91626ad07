import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@testable import DiaryApp

/// What `diary replay FILE` and `diary run --restore FILE` say of a journal they cannot use tells
/// a user of the command line what to do with the diary's own options (`--record FILE`, another
/// file), never to call the library (a ring buffer's recorder, a reader's limits, reading a
/// valid prefix, recording a reactor): the demo has no option for any of them.
@MainActor
@Suite("Demo: replay and restore errors say what to do with the diary's own options", .checksLeaks)
struct ReplayErrorsSayWhatToDoTests {
  /// Names of the library's API, and the backquotes that quote code, which a message of the
  /// command line must not hold.
  static let libraryNames = [
    "`", "JournalRecorder", "JournalReader", "keepingLast", "readValidPrefix", "Limits", "maximumFileSize",
    "maximumLineLength", "maximumDepth", "record(into", "write(to:", "expectedApp", "openDeepLink",
    "performGesture", "steps:", "encode(to:)", "conform to Codable", "contribute it to its flow",
  ]

  static func expectNoLibraryNames(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for name in libraryNames {
      #expect(!message.contains(name), "\(name) in: \(message)", sourceLocation: sourceLocation)
    }
  }

  @Test("every reason a journal file cannot be read is said without the library's API, with what to do")
  func everyReadError() {
    let problems: [JournalReadError.Problem] = [
      .cannotRead("Permission denied"), .fileTooLarge(size: 300 << 20, limit: 256 << 20),
      .lineTooLong(limit: 4 << 20), .notUTF8, .tooDeeplyNested(limit: 64), .notJSON("Unexpected character"),
      .missingHeader, .unsupportedVersion(found: 9, supported: 1),
      .differentApp(found: "Pantry", expected: "Diary"), .unknownKind("teleport"),
      .invalidField(name: "seq", reason: "not a number"), .outOfOrder(sequence: 3, previous: 5), .missingEnd,
      .truncatedLine, .countMismatch(declared: 9, found: 8), .contentAfterEnd,
    ]
    for problem in problems {
      let error = JournalReadError(line: problem == .cannotRead("Permission denied") ? nil : 3, problem)
      let message = DiaryJournal.explain(error)
      Self.expectNoLibraryNames(message)
      // The place, as the library says it; then what to do.
      #expect(
        message.hasPrefix(error.line == nil ? "The journal file: " : "Line 3 of the journal: "), "\(message)")
      #expect(message.hasSuffix("."), "\(message)")
    }
    let cut = DiaryJournal.explain(JournalReadError(line: 7, .missingEnd))
    #expect(cut.contains("--record"), "\(cut)")
    let large = DiaryJournal.explain(
      JournalReadError(line: nil, .fileTooLarge(size: 300 << 20, limit: 256 << 20)))
    #expect(large.contains("314572800 bytes"))
    #expect(large.contains("--record"), "\(large)")
  }

  @Test("a journal cut short, and one too large to read: replay and --restore say what to do, no API")
  func cutAndTooLarge() async throws {
    let folder = try TemporaryFolder()
    let url = try await ReplayCommandTests.record(RestoringOnRelaunchTests.signIn, in: folder)
    // As if written whole (its header does not say it was appended to as recorded), and cut after
    // its third line: no end line.
    let lines = try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "\"appended\":true,", with: "").split(separator: "\n")
    try (lines.prefix(3).joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    var report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == DiaryReplay.unreadableCode)
    #expect(report.errors.contains("Line 4 of the journal: "), "\(report.errors)")
    #expect(report.errors.contains("--record"), "\(report.errors)")
    Self.expectNoLibraryNames(report.errors)
    let app = try DiaryApplication(storage: .inMemory, networkLatency: .zero, launchDelay: .zero)
    do {
      _ = try SessionRestoration.reading(contentsOf: url, into: app)
      Issue.record("a cut journal was restored")
    } catch {
      #expect(error.description.contains("Starting afresh."))
      Self.expectNoLibraryNames(error.description)
    }

    // 300 MiB, sparse: the reader refuses it by its size before reading it.
    let large = URL(fileURLWithPath: folder.path + "/large.jsonl")
    #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    report = await DiaryReplay.replay(contentsOf: large)
    #expect(report.code == DiaryReplay.unreadableCode)
    #expect(report.errors.contains("The journal file: The file is 314572800 bytes"), "\(report.errors)")
    Self.expectNoLibraryNames(report.errors)
    do {
      _ = try SessionRestoration.reading(contentsOf: large, into: app)
      Issue.record("a journal too large was restored")
    } catch {
      Self.expectNoLibraryNames(error.description)
    }
  }

  @Test("an input at a reactor the replayed diary does not have: the divergence says what to do, no API")
  func noReactorThere() async throws {
    let folder = try TemporaryFolder()
    let url = try await ReplayCommandTests.record(RestoringOnRelaunchTests.signIn, in: folder)
    var journal = try EditableJournal(contentsOf: url)
    let index = try #require(journal.firstIndex(of: "action", at: "SignInReactor", case: "emailDidUpdate"))
    var source = try #require(journal.entries[index]["source"] as? [[String: Any]])
    source[source.count - 1]["ordinal"] = 7
    journal.entries[index]["source"] = source
    try journal.write(to: url)
    let report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == DiaryReplay.divergedCode, "\(report.errors)")
    #expect(report.errors.contains("SignInReactor/7"), "\(report.errors)")
    #expect(report.errors.contains("Record the session again"), "\(report.errors)")
    Self.expectNoLibraryNames(report.errors)
  }
}
