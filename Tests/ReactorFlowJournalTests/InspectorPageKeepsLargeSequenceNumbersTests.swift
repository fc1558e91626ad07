import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

/// The page's script reads its data with `JSON.parse`: numbers are IEEE doubles, exact only up
/// to 2^53. A journal's sequence numbers are UInt64 (the reader accepts any): the page must not
/// show entry #9007199254740993 as #9007199254740992 (nor open another entry for `#entry=`).
@Suite("The inspector page keeps every entry's number as recorded")
struct InspectorPageKeepsLargeSequenceNumbersTests {
  @Test("a sequence number above 2^53 reads back in the page as the same number")
  func largeSequence() throws {
    let sequence: UInt64 = 9_007_199_254_740_993
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: sequence, offset: .zero), source: .app, event: .diagnostic("x")))
    let html = JournalInspectorPage(
      file: JournalFile(header: JournalHeader(app: "Diary", build: "1"), journal: journal)
    ).html
    let marker = "\"entries\":[["
    let start = try #require(html.range(of: marker)).upperBound
    let field = String(html[start...].prefix { $0 != "," })
    // As the page's script reads it: JSON.parse gives a Number (a Double) for a bare number; a
    // string would keep every digit.
    let read: UInt64? =
      field.hasPrefix("\"")
      ? UInt64(field.dropFirst().dropLast()) : Double(field).flatMap { UInt64(exactly: $0) }
    #expect(read == sequence, "the page holds \(field), which a browser reads as \(String(describing: read))")
  }
}
