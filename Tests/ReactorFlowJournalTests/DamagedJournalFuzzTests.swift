import Foundation
import ReactorFlow
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

@Suite("Damaged journals, mutated at random: every one reads or fails with a typed error naming a line")
struct DamagedJournalFuzzTests {
  let valid = try! everyKindJournal().jsonLines(header: diaryHeader)

  /// Reads `data`; a failure must name a line of the file (or the one after its last) and quote
  /// nothing raw: no control character in its message.
  func check(_ data: Data, _ what: @autoclosure () -> String) -> JournalReadError? {
    do throws(JournalReadError) {
      _ = try JournalReader(expectedApp: "Diary").read(data)
      return nil
    } catch {
      let lineCount = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
      #expect(error.line.map { (1...lineCount + 1).contains($0) } == true, "\(what()): \(error)")
      #expect(
        !error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "\(what())")
      // The valid prefix stops before the bad line.
      let prefix = JournalReader(expectedApp: "Diary").readValidPrefix(data)
      #expect(prefix.error == error)
      #expect(prefix.journal.count <= max(0, (error.line ?? 1) - 2), "\(what())")
      return error
    }
  }

  @Test("a journal cut at every byte offset is an error, never a shorter journal")
  func truncatedAtEveryOffset() {
    for length in 0..<valid.count {
      #expect(check(valid.prefix(length), "cut at \(length)") != nil, "cut at \(length) read as complete")
    }
    #expect(check(valid, "whole") == nil)
  }

  @Test("random byte flips read or fail with a typed error", arguments: 0..<4)
  func byteFlips(seed: UInt64) {
    var random = SplitMix64(startingAt: 0x4A4F_5552 &+ seed)
    var failures = 0
    for trial in 0..<500 {
      var data = valid
      for _ in 0..<(1 + random.next(below: 3)) {
        let offset = random.next(below: data.count)
        data[data.startIndex + offset] = UInt8(truncatingIfNeeded: random.next())
      }
      if check(data, "seed \(seed) trial \(trial)") != nil { failures += 1 }
    }
    // Most flips break a line; a few land in a description and are still a valid journal.
    #expect(failures > 250)
  }

  @Test("every line duplicated is an error")
  func duplicatedLines() {
    let all = lines(valid)
    for index in all.indices {
      var copy = all
      copy.insert(all[index], at: index + 1)
      #expect(check(joined(copy), "line \(index + 1) twice") != nil, "line \(index + 1) duplicated was read")
    }
  }

  @Test("huge nesting and huge lines at every line are errors naming that line")
  func hostileLines() {
    let all = lines(valid)
    let deep = Data((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8)
    let huge = Data(repeating: UInt8(ascii: "a"), count: (4 << 20) + 1)
    for index in all.indices {
      for (name, line) in [("deep", deep), ("huge", huge)] {
        var copy = all
        copy[index] = line
        let error = check(joined(copy), "\(name) line \(index + 1)")
        #expect(error?.line == index + 1, "\(name) line \(index + 1)")
      }
    }
  }
}
