import Foundation
import ReactorFlow
import Testing

@testable import ReactorFlowJournal

/// A line that is a valid JSON object but holds a number out of its field's range (a negative
/// or 2^64 sequence number, a time of 2^63 ns) is a wrong field, named — not "not a JSON
/// object", which misleads whoever edits or generates the file.
@Suite("A number out of its field's range names the field, not 'not JSON'")
struct OutOfRangeNumbersNameTheirFieldTests {
  static let header = #"{"app":"Diary","build":"1","dropped":0,"format":"ReactorFlow journal","version":1}"#

  @Test(
    "seq and ns out of range are invalid fields",
    arguments: [
      ("seq", #"{"kind":"diagnostic","ns":0,"seq":-1,"source":[],"text":"x"}"#),
      ("seq", #"{"kind":"diagnostic","ns":0,"seq":18446744073709551616,"source":[],"text":"x"}"#),
      ("ns", #"{"kind":"diagnostic","ns":9223372036854775808,"seq":1,"source":[],"text":"x"}"#),
    ])
  func outOfRange(field: String, line: String) {
    let text = Self.header + "\n" + line + "\n" + #"{"end":1}"# + "\n"
    do throws(JournalReadError) {
      _ = try JournalReader().read(Data(text.utf8))
      Issue.record("read")
    } catch {
      #expect(error.line == 2)
      guard case .invalidField(let name, _) = error.problem, name == field else {
        Issue.record("expected invalidField(\(field)), got: \(error)")
        return
      }
    }
  }
}
