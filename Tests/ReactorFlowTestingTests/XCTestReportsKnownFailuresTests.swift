import Foundation
import Testing

/// ReactorFlowTesting reports its failures to XCTest too: the deliberate failures of
/// `ReactorFlowTestingXCTests.KnownFailuresTests` are run in a process of their own (this test
/// binary, with XCTest's filter for that class and REACTORFLOW_XCTEST_KNOWN_FAILURES=1), and each
/// must fail that run, once, on the line its `// Known failure, on the next line: …` comment
/// names — and nothing else may fail.
///
/// Linux only: there the XCTest and Swift Testing tests are one executable that runs either. Not
/// under Address Sanitizer, whose runs are built without XCTest (`--disable-xctest`).
@Suite("ReactorFlowTesting under XCTest")
struct XCTestReportsKnownFailuresTests {
  /// The file of the deliberate failures.
  static let knownFailuresFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ReactorFlowTestingXCTests/KnownFailuresTests.swift")

  /// The known failures: the line each must fail on, and what it is.
  static func knownFailures() throws -> [(line: Int, what: String)] {
    let marker = "// Known failure, on the next line: "
    let lines = try String(contentsOf: knownFailuresFile, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    return lines.enumerated().compactMap { index, text in
      let comment = text.drop { $0 == " " }
      guard comment.hasPrefix(marker) else { return nil }
      // Lines count from 1: the comment is on line index + 1, the failing call on the next one.
      return (index + 2, String(comment.dropFirst(marker.count)))
    }
  }

  #if os(Linux)
    @Test(
      "each deliberate failure of KnownFailuresTests fails the XCTest run, at its file and line",
      .enabled(if: ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] != "address"),
      .enabled(if: ProcessInfo.processInfo.environment["REACTORFLOW_XCTEST_KNOWN_FAILURES"] == nil)
    )
    func knownFailuresFailAtTheirLines() async throws {
      let expected = try Self.knownFailures()
      try #require(
        expected.count >= 10, "the known failures were not found in \(Self.knownFailuresFile.path)")
      let (output, status) = try await Self.runXCTest(filter: "ReactorFlowTestingXCTests.KnownFailuresTests")

      // "/path/KnownFailuresTests.swift:42: error: KnownFailuresTests.testX : failed - message"
      let fileName = Self.knownFailuresFile.lastPathComponent
      var failedLines: [Int: Int] = [:]
      var failures: [String] = []
      for line in output.split(separator: "\n") where line.contains(": error: ") {
        failures.append(String(line))
        guard let location = line.split(separator: ": error: ").first,
          location.hasPrefix(Self.knownFailuresFile.path) || location.contains("/\(fileName):"),
          let number = location.split(separator: ":").last.flatMap({ Int($0) })
        else { continue }
        failedLines[number, default: 0] += 1
      }
      #expect(status != 0, "the XCTest run of the known failures passed:\n\(output)")
      for failure in expected {
        #expect(
          failedLines[failure.line] == 1,
          """
          \(failure.what): expected one failure at \(fileName):\(failure.line), found \
          \(failedLines[failure.line] ?? 0). The run's failures:
          \(failures.joined(separator: "\n"))
          """)
      }
      let unexpected = failures.filter { failure in
        !expected.contains { failure.contains("\(fileName):\($0.line): error: ") }
      }
      #expect(unexpected.isEmpty, "failures that were not expected:\n\(unexpected.joined(separator: "\n"))")
      #expect(
        output.contains("Executed \(expected.count) tests, with \(expected.count) failures"),
        "the run's summary:\n\(output.split(separator: "\n").filter { $0.contains("Executed") }.joined(separator: "\n"))"
      )
    }

    /// Runs this test binary's XCTest tests that match `filter`, with the known failures enabled;
    /// returns what it printed and its exit status.
    static func runXCTest(filter: String) async throws -> (output: String, status: Int32) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      process.arguments = [filter]
      var environment = ProcessInfo.processInfo.environment
      environment["REACTORFLOW_XCTEST_KNOWN_FAILURES"] = "1"
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      // Read on a thread of its own: the run takes seconds, and the test's executor is not blocked.
      return await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          let data = pipe.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(returning: (String(decoding: data, as: UTF8.self), process.terminationStatus))
        }
      }
    }
  #endif
}
