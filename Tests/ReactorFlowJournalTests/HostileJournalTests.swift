import Foundation
import ReactorFlow
import ReactorFlowJournal
import Testing

@Suite("A bad journal file is a typed error naming its first bad line, never a crash or part of a journal")
struct HostileJournalTests {
  let valid = try! everyKindJournal().jsonLines(header: diaryHeader)

  func readError(_ data: Data, reader: JournalReader = JournalReader()) -> JournalReadError? {
    do throws(JournalReadError) {
      _ = try reader.read(data)
      return nil
    } catch {
      return error
    }
  }

  /// The valid file with line `number` (from 1) replaced.
  func replacing(line number: Int, with text: String) -> Data {
    var all = lines(valid)
    all[number - 1] = Data(text.utf8)
    return joined(all)
  }

  @Test("a file larger than the limit is refused before it is read (a 1 GB sparse file)")
  func hugeFile() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let prefix = JournalReader().readValidPrefix(contentsOf: url)
    #expect(prefix.error == JournalReadError(line: nil, .fileTooLarge(size: 1 << 30, limit: 256 << 20)))
    #expect(prefix.journal.isEmpty)
  }

  @Test("a missing file is an error that says it cannot be read")
  func missingFile() {
    let error = #expect(throws: JournalReadError.self) {
      try JournalReader().read(contentsOf: temporaryFile())
    }
    #expect(error?.line == nil)
    guard case .cannotRead = error?.problem else {
      Issue.record("a missing file: \(String(describing: error))")
      return
    }
  }

  @Test("a line longer than the limit names its line, from memory and from a file")
  func hugeLine() throws {
    let huge = "{\"kind\":\"action\",\"padding\":\"" + String(repeating: "x", count: 5 << 20) + "\"}"
    var all = lines(valid)
    all.insert(Data(huge.utf8), at: 3)
    let data = joined(all)
    #expect(readError(data) == JournalReadError(line: 4, .lineTooLong(limit: 4 << 20)))
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    try data.write(to: url)
    #expect(throws: JournalReadError(line: 4, .lineTooLong(limit: 4 << 20))) {
      try JournalReader().read(contentsOf: url)
    }
  }

  @Test("deep nesting in a line or in a payload is refused at the limit")
  func deepNesting() {
    let deepLine =
      "{\"kind\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    #expect(
      readError(replacing(line: 3, with: deepLine)) == JournalReadError(line: 3, .tooDeeplyNested(limit: 64)))
    // A payload's JSON is a string in its line: its own depth is checked too.
    let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let entry = """
      {"kind":"action","ns":0,"seq":2,"source":[],"type":"T","description":"d","json":"\(nested)"}
      """
    #expect(
      readError(replacing(line: 3, with: entry)) == JournalReadError(line: 3, .tooDeeplyNested(limit: 64)))
  }

  @Test("an entry of unknown kind names its kind and line")
  func unknownKind() {
    let entry = #"{"kind":"teleport","ns":0,"seq":2,"source":[]}"#
    #expect(readError(replacing(line: 3, with: entry)) == JournalReadError(line: 3, .unknownKind("teleport")))
  }

  @Test("a journal from another app is refused by a reader that expects one app")
  func differentApp() {
    let error = readError(valid, reader: JournalReader(expectedApp: "Bank"))
    #expect(error == JournalReadError(line: 1, .differentApp(found: "Diary", expected: "Bank")))
    #expect(readError(valid) == nil)
  }

  @Test("a journal in another format version is refused")
  func foreignVersion() {
    let header = #"{"app":"Diary","build":"9","dropped":0,"format":"ReactorFlow journal","version":2}"#
    #expect(
      readError(replacing(line: 1, with: header))
        == JournalReadError(line: 1, .unsupportedVersion(found: 2, supported: 1)))
  }

  @Test("a file that is not a journal, or empty, has no header")
  func notAJournal() {
    #expect(readError(Data()) == JournalReadError(line: 1, .missingHeader))
    #expect(readError(Data("{\"name\":\"x\"}\n".utf8)) == JournalReadError(line: 1, .missingHeader))
    guard case .notJSON = readError(Data("hello\n".utf8))?.problem else {
      Issue.record("plain text is not JSON")
      return
    }
  }

  @Test("a file cut in a line, or at a line break, is an error, and its valid prefix is read only on request")
  func truncation() throws {
    let all = lines(valid)
    // Cut after the fifth line's break: the end line is missing.
    let cut = joined(Array(all.prefix(5)))
    #expect(readError(cut) == JournalReadError(line: 6, .missingEnd))
    // Cut in the middle of the sixth line.
    let midLine = cut + all[5].prefix(10)
    #expect(readError(midLine) == JournalReadError(line: 6, .truncatedLine))
    let prefix = JournalReader().readValidPrefix(midLine)
    #expect(prefix.header == diaryHeader)
    #expect(prefix.journal.entries.map(fingerprint) == everyKindJournal().entries.prefix(4).map(fingerprint))
    #expect(prefix.error == JournalReadError(line: 6, .truncatedLine))
  }

  @Test("a duplicated entry, an extra line after the end, and a wrong count are errors")
  func duplicatesAndExtras() {
    var all = lines(valid)
    all.insert(all[3], at: 4)
    #expect(readError(joined(all)) == JournalReadError(line: 5, .outOfOrder(sequence: 3, previous: 3)))
    all = lines(valid)
    all.append(all[2])
    #expect(readError(joined(all)) == JournalReadError(line: all.count, .contentAfterEnd))
    all = lines(valid)
    all.remove(at: 2)
    #expect(
      readError(joined(all)) == JournalReadError(line: all.count, .countMismatch(declared: 12, found: 11)))
  }

  @Test("a missing or wrongly typed field is named")
  func badFields() {
    let noSequence = #"{"kind":"deepLink","ns":0,"source":[],"text":"x"}"#
    #expect(
      readError(replacing(line: 2, with: noSequence))
        == JournalReadError(line: 2, .invalidField(name: "seq", reason: "it is missing")))
    let noText = #"{"kind":"deepLink","ns":0,"seq":1,"source":[]}"#
    guard case .invalidField(name: "text", _) = readError(replacing(line: 2, with: noText))?.problem else {
      Issue.record("a deep link without its text")
      return
    }
    let badGesture = #"{"kind":"gesture","ns":0,"seq":1,"source":[],"gesture":"pinch"}"#
    guard case .invalidField(name: "gesture", _) = readError(replacing(line: 2, with: badGesture))?.problem
    else {
      Issue.record("an unknown gesture")
      return
    }
  }

  @Test("invalid UTF-8 is named")
  func notUTF8() {
    var all = lines(valid)
    all[1] = Data([0x7B, 0xFF, 0xFE, 0x7D])
    #expect(readError(joined(all)) == JournalReadError(line: 2, .notUTF8))
  }

  @Test(
    "an error's message quotes the file's text with its control characters escaped, and says how to fix it")
  func messagesEscapeControlCharacters() throws {
    let entry = #"{"kind":"\u001b[2Jboom","ns":0,"seq":1,"source":[]}"#
    let error = try #require(readError(replacing(line: 2, with: entry)))
    #expect(error.problem == .unknownKind("\u{1B}[2Jboom"))
    #expect(error.description.hasPrefix("Line 2 of the journal: "))
    #expect(error.description.contains("\\u{1B}[2Jboom"))
    #expect(
      !error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(error.description.contains("known kinds: action"))
  }
}
