import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

/// A directory passed where a journal file is expected (`reactorflow-journal timeline some/dir`)
/// must be refused as a file that cannot be read, not as a file "too large" with advice to record
/// with a ring buffer: on ext4 a directory's end offset is 2^63 - 1.
@Suite("Reading a directory as a journal says it cannot be read, not that it is too large")
struct ReadingADirectorySaysItIsNotAFileTests {
  @Test("the reader refuses a directory as a file it cannot read")
  func readerRefusesDirectory() {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
    let error = JournalReader().readValidPrefix(contentsOf: directory).error
    guard case .cannotRead? = error?.problem else {
      Issue.record("expected .cannotRead, got \(String(describing: error))")
      return
    }
  }

  @Test("the command says the path is not a readable file, without ring-buffer advice")
  func commandRefusesDirectory() {
    let outcome = JournalCommand.run(["timeline", NSTemporaryDirectory()])
    #expect(outcome.status == 65)
    #expect(!outcome.error.contains("bytes, more than the limit"), "\(outcome.error)")
    #expect(!outcome.error.contains("ring buffer"), "\(outcome.error)")
  }
}
