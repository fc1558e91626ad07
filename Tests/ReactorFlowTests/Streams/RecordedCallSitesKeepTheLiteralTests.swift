import Testing

@testable import ReactorFlow

/// `RecordedCallSite` keeps a `#fileID` literal as its bytes' address, their count and the line:
/// read back, it must give the literal and the line exactly, and keep nothing it cannot keep right.
@Suite("A recorded call site reads back as the literal and the line it was made of")
struct RecordedCallSitesKeepTheLiteralTests {
  @Test("literals of many lengths and lines read back exactly")
  func roundTrip() {
    let literals: [StaticString] = [
      "M/F.swift", "Diary/DiaryListView.swift", "Módulo/Ünïcödé.swift",
      "A/Long/Path/With/Many/Folders/AndAVeryLongFileName.swift",
    ]
    for literal in literals {
      for line: UInt in [1, 42, 65_535, 1 << 20, UInt(UInt32.max)] {
        let site = RecordedCallSite(fileID: literal, line: line)
        #expect(site.journalCallSite == JournalCallSite(fileID: "\(literal)", line: Int(line)))
      }
    }
  }

  @Test("what cannot be kept right is not kept: a line past 32 bits, the unknown site")
  func notKept() {
    #expect(RecordedCallSite(fileID: "M/F.swift", line: UInt(UInt32.max) + 1).journalCallSite == nil)
    #expect(RecordedCallSite.unknown.journalCallSite == nil)
  }
}
