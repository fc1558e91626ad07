import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

/// `reactorflow-journal inspect FILE --output FILE` (a slip of the hand) must be refused as
/// misuse: writing the page over the journal it shows loses the recorded session silently.
@Suite("inspect refuses to write its page over the journal it reads")
struct InspectRefusesToOverwriteItsJournalTests {
  @Test("--output naming the journal itself is misuse, and the journal is kept")
  func outputIsTheJournal() throws {
    let url = URL(fileURLWithPath: NSTemporaryDirectory() + "rf-self-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try everyKindJournal().write(to: url, header: diaryHeader)
    let before = try Data(contentsOf: url)
    let outcome = JournalCommand.run(["inspect", url.path, "--output", url.path])
    #expect(outcome.status == 64, "\(outcome)")
    #expect(try Data(contentsOf: url) == before, "the journal was replaced by the page")
  }
}
