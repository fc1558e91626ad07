import IssueReporting
import Testing

/// Reports a failure of a testing tool to the framework running the test, at the caller's line.
///
/// In a Swift Testing test (`Test.current` is set), it records an issue there. Anywhere else it
/// reports through IssueReporting: an XCTest failure when XCTest runs the test, a runtime warning
/// outside tests. Swift Testing is asked first because IssueReporting tells a test run by the
/// process's arguments and environment, and a Swift Testing run it does not recognise (an
/// executable of its own that calls Swift Testing's entry point) would otherwise get only a
/// warning, and pass.
func reportFailure(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  } else {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Reports `error`, thrown where the test did not expect it, as the function above reports a
/// failure.
func reportFailure(
  _ error: any Error, _ message: String, fileID: StaticString, filePath: StaticString, line: UInt,
  column: UInt
) {
  if Test.current != nil {
    Issue.record(
      error, Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  } else {
    reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
