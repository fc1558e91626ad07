import Foundation
import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// `diary replay FILE` on a journal that is well formed but hostile: every value decoded from it
/// is untrusted. A value the diary never records is refused before anything is replayed (exit
/// status 65, the entry and its line named, and how to fix it); a value that fits its type but
/// not the app's state at that point is a divergence (exit status 1); nothing crashes.
@MainActor
@Suite("Demo: a hostile journal is refused or diverges, never crashes", .checksLeaks)
struct ReplayingAHostileJournalTests {
  /// A session through every reactor that takes numbers: the list, the editor (lines changed and
  /// removed), the wishlist, a wrong PIN, the settings' text preview and accent colour.
  static let session = [
    "e demo@reactorflow.dev", "p reactor123", "s", "n", "t Lunch", "x one", "x two", "c 1 uno", "r 2", "s",
    "b", "1", "b", ">", "1", "w", "b", ">", "l", "p 0000", "b", "s", "1", "i hello", "b", "2", "2", "b", "d",
  ]

  /// `session`, recorded into a file of `folder`, and its lines.
  static func recorded(in folder: TemporaryFolder) async throws -> (URL, EditableJournal) {
    let url = try await ReplayCommandTests.record(session, in: folder)
    return (url, try EditableJournal(contentsOf: url))
  }

  @Test("an entry number of Int.min: refused with the entry, its line and what to do; exit status 65")
  func entryNumberOutOfRange() async throws {
    let folder = try TemporaryFolder()
    var (url, journal) = try await Self.recorded(in: folder)
    let index = try #require(journal.firstIndex(of: "action", at: "DiaryListReactor", case: "entryDidTap"))
    journal.entries[index]["json"] = "{\"entryDidTap\":{\"number\":-9223372036854775808}}"
    try journal.write(to: url)
    let report = await DiaryReplay.replay(contentsOf: url)
    #expect(report.code == DiaryReplay.unreadableCode)
    #expect(report.output.isEmpty)
    #expect(
      report.errors.hasPrefix(
        "diary: cannot replay \(url.path): Entry \(index) (line \(index + 2), action at AppFlow/0 > DiaryFlow/0 > DiaryListReactor/0): "
      ), "\(report.errors)")
    #expect(report.errors.contains("-9223372036854775808"))
    #expect(report.errors.contains("Record the session again"))
  }

  @Test(
    "out-of-range numbers, unknown cases and types, a tab that does not exist: each refused with its entry; exit status 65"
  )
  func refusedValues() async throws {
    let folder = try TemporaryFolder()
    let (url, recorded) = try await Self.recorded(in: folder)
    // Where, which recorded value is replaced, by what, and a word the error says.
    let cases: [(kind: String, reactor: String, recordedCase: String, json: String, says: String)] = [
      ("action", "DiaryListReactor", "entryDidTap", #"{"pageDidChange":{"by":-9223372036854775808}}"#, "by"),
      (
        "effectOutput", "DiaryListReactor", "setPage",
        #"{"setPage":{"_0":{"entries":[{"body":"","date":"2026-01-01","id":1,"title":"x","version":1}],"firstNumber":9223372036854775807,"total":9223372036854775807}}}"#,
        "9223372036854775807"
      ),
      (
        "effectOutput", "DiaryListReactor", "setPage",
        #"{"setPage":{"_0":{"entries":[],"firstNumber":-3,"total":0}}}"#, "-3"
      ),
      ("effectOutput", "DiaryEditReactor", "setToday", #"{"removeLine":{"_0":-1}}"#, "-1"),
      (
        "effectOutput", "DiaryEditReactor", "setToday",
        #"{"replaceLine":{"_0":-9223372036854775808,"_1":"x"}}"#, "line"
      ),
      (
        "effectOutput", "PINReactor", "setAttempts", #"{"setAttempts":{"_0":9223372036854775807}}"#,
        "attempts"
      ),
      ("effectOutput", "PINReactor", "setAttempts", #"{"setAttempts":{"_0":-1}}"#, "attempts"),
      (
        "action", "WishlistReactor", "movieDidTap", #"{"movieDidTap":{"index":-9223372036854775808}}"#,
        "movie"
      ),
      ("action", "TextFieldViewReactor", "inputField", #"{"noSuchCase":{}}"#, "noSuchCase"),
      (
        "action", "AccentColorReactor", "accentDidPick", #"{"accentDidPick":{"_0":"ultraviolet"}}"#,
        "ultraviolet"
      ),
      ("action", "DiaryListReactor", "entryDidTap", #"{"entryDidTap":{"number":"1"}}"#, "entryDidTap"),
    ]
    for item in cases {
      var journal = recorded
      let index = try #require(journal.firstIndex(of: item.kind, at: item.reactor, case: item.recordedCase))
      journal.entries[index]["json"] = item.json
      try journal.write(to: url)
      let report = await DiaryReplay.replay(contentsOf: url)
      #expect(report.code == DiaryReplay.unreadableCode, "\(item.json): \(report.errors)")
      #expect(report.output.isEmpty)
      #expect(
        report.errors.hasPrefix(
          "diary: cannot replay \(url.path): Entry \(index) (line \(index + 2), \(item.kind) at "),
        "\(report.errors)")
      #expect(report.errors.contains(item.says), "\(item.json): \(report.errors)")
      #expect(report.errors.hasSuffix("Record the session again, or correct or remove that line.\n"))
    }
    // A value recorded under a type the diary does not have, a gesture to a tab it does not
    // have, a deep link (the diary opens none).
    let action = try #require(recorded.firstIndex(of: "action", at: "DiaryListReactor", case: "entryDidTap"))
    let tab = try #require(recorded.entries.firstIndex { $0["gesture"] as? String == "selectTab" })
    for (change, says) in [
      (
        { (journal: inout EditableJournal) in
          journal.entries[action]["type"] = "DiaryApp.NoSuchReactor.Action"
        }, "NoSuchReactor"
      ),
      ({ (journal: inout EditableJournal) in journal.entries[tab]["tab"] = 99 }, "tab 99"),
      (
        { (journal: inout EditableJournal) in
          journal.entries[tab] = ["kind": "deepLink", "text": "diary://entry/1", "ns": 1, "source": []]
        }, "deep link"
      ),
    ] {
      var journal = recorded
      change(&journal)
      try journal.write(to: url)
      let report = await DiaryReplay.replay(contentsOf: url)
      #expect(report.code == DiaryReplay.unreadableCode, "\(report.errors)")
      #expect(report.errors.contains(says), "\(report.errors)")
    }
  }

  @Test("--restore with a hostile journal: refused with the entry and its line; the app starts afresh")
  func restoringRefuses() async throws {
    let folder = try TemporaryFolder()
    var (url, journal) = try await Self.recorded(in: folder)
    let index = try #require(journal.firstIndex(of: "effectOutput", at: "PINReactor", case: "setAttempts"))
    journal.entries[index]["json"] = #"{"setAttempts":{"_0":-1}}"#
    try journal.write(to: url)
    let app = try DiaryApplication(storage: .inMemory, networkLatency: .zero, launchDelay: .zero)
    do {
      _ = try SessionRestoration.reading(contentsOf: url, into: app)
      Issue.record("the hostile journal was restored")
    } catch {
      #expect(
        error.description.hasPrefix(
          "cannot come back to where \(url.path) left: Entry \(index) (line \(index + 2), effectOutput at "))
      #expect(error.description.hasSuffix("Starting afresh."))
    }
  }

  @Test("a line number that fits its type but not the text at that point: a divergence, exit status 1")
  func valueThatDoesNotFitTheState() async throws {
    let folder = try TemporaryFolder()
    let (url, recorded) = try await Self.recorded(in: folder)
    for json in [
      #"{"removeLine":{"_0":5}}"#, #"{"replaceLine":{"_0":7,"_1":"x"}}"#,
      #"{"insertLine":{"_0":9,"_1":"x"}}"#,
    ] {
      var journal = recorded
      // The new entry's editor is empty when today's date arrives.
      let index = try #require(
        journal.firstIndex(of: "effectOutput", at: "DiaryEditReactor", case: "setToday"))
      journal.entries[index]["json"] = json
      try journal.write(to: url)
      let report = await DiaryReplay.replay(contentsOf: url)
      #expect(report.code == DiaryReplay.divergedCode, "\(json): \(report.errors)")
      #expect(report.errors.hasPrefix("diary: the replay diverged. Entry "))
    }
  }

  @Test(
    "fuzz: a recorded journal with hostile values, unknown cases, entries reordered, duplicated or dropped: replayed, diverged or refused, never a crash"
  )
  func fuzz() async throws {
    let count =
      ProcessInfo.processInfo.environment["REACTORFLOW_DIARY_REPLAY_FUZZ_CASES"].flatMap(Int.init) ?? 60
    let folder = try TemporaryFolder()
    let (url, recorded) = try await Self.recorded(in: folder)
    let seed =
      ProcessInfo.processInfo.environment["REACTORFLOW_DIARY_REPLAY_FUZZ_SEED"].flatMap { UInt64($0) }
      ?? 0x7EA1_0FF1
    var random = SplitMix64(startingAt: seed)
    let verbose = ProcessInfo.processInfo.environment["REACTORFLOW_DIARY_REPLAY_FUZZ_VERBOSE"] != nil
    var outcomes: [Int32: Int] = [:]
    let clock = ContinuousClock()
    let start = clock.now
    for number in 0..<count {
      var journal = recorded
      var changes: [String] = []
      for _ in 0...random.next(below: 3) { changes.append(journal.mutate(&random)) }
      try journal.write(to: url, renumbering: random.next(below: 10) != 0)
      // A crash ends the process: say beforehand what the case is, when asked.
      if verbose { print("replay fuzz case \(number): \(changes.joined(separator: "; "))") }
      let report = await DiaryReplay.replay(contentsOf: url)
      outcomes[report.code, default: 0] += 1
      let context = "case \(number) (\(changes.joined(separator: "; "))): \(report.errors.prefix(600))"
      switch report.code {
      case 0:
        #expect(report.errors.isEmpty, "\(context)")
      case DiaryReplay.divergedCode:
        #expect(report.errors.hasPrefix("diary: the replay diverged. Entry "), "\(context)")
      case DiaryReplay.unreadableCode:
        #expect(report.errors.hasPrefix("diary: cannot replay "), "\(context)")
        #expect(report.output.isEmpty, "\(context)")
      default:
        Issue.record("exit status \(report.code): \(context)")
      }
      // Whatever the file holds, what is printed of it is sanitized.
      let unsafe = ReplayPrintsNoTerminalControlsTests.unsafeParts(of: report.output + report.errors)
      #expect(unsafe.isEmpty, "\(unsafe.prefix(5)) in \(context)")
    }
    let elapsed = clock.now - start
    print(
      "replay fuzz: \(count) hostile journals in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))): "
        + "\(outcomes[0, default: 0]) replayed, \(outcomes[DiaryReplay.divergedCode, default: 0]) diverged, "
        + "\(outcomes[DiaryReplay.unreadableCode, default: 0]) refused")
    // Each outcome is reached: the fuzz goes past the reader and the checks.
    #expect(outcomes[DiaryReplay.divergedCode, default: 0] > 0)
    #expect(outcomes[DiaryReplay.unreadableCode, default: 0] > 0)
  }
}

/// A journal file's lines as JSON objects, to change them as a hostile editor would: the
/// header, the entries (each payload's value is the JSON text in its `json` field), and an end
/// line written again with their count.
@MainActor
struct EditableJournal {
  var header: [String: Any]
  var entries: [[String: Any]]

  init(contentsOf url: URL) throws {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    header = try #require(lines.first)
    entries = Array(lines.dropFirst().filter { $0["kind"] != nil })
  }

  /// The index of the first entry of `kind` whose source ends with `reactor` and whose value is
  /// the case `name`.
  func firstIndex(of kind: String, at reactor: String, case name: String) -> Int? {
    entries.firstIndex { entry in
      entry["kind"] as? String == kind && Self.reactor(of: entry) == reactor
        && (entry["json"] as? String)?.hasPrefix("{\"\(name)\"") == true
    }
  }

  static func reactor(of entry: [String: Any]) -> String? {
    (entry["source"] as? [[String: Any]])?.last?["type"] as? String
  }

  /// Writes the journal to `url`; `renumbering`: with sequence numbers from 1 in the entries'
  /// order (else as they are, which the reader refuses once entries are reordered).
  func write(to url: URL, renumbering: Bool = true) throws {
    var lines = [header]
    for (index, entry) in entries.enumerated() {
      var entry = entry
      if renumbering { entry["seq"] = index + 1 }
      lines.append(entry)
    }
    lines.append(["end": entries.count])
    let text = try lines.map { line in
      String(
        decoding: try JSONSerialization.data(
          withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]),
        as: UTF8.self)
    }.joined(separator: "\n")
    try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  // MARK: - Mutations

  static let hostileNumbers: [Int] = [
    Int.min, Int.max, Int.min, Int.max, Int.min + 1, Int.max - 1, -1, 0, 1, 2, 10, 11, Int(Int32.max) + 1,
    1_000_000_000_000, 1_000_000_000_001,
  ]
  static let hostilePieces = [
    "\u{202E}", "\u{2066}", "\u{1B}[2J", "\u{1B}]2;pwned\u{07}", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\0",
    "\u{9B}31m", "\u{7F}", "\t", "\n", "👩‍💻", "漢字", "\u{301}", "\u{FEFF}", "\u{200B}", "\"", "\\", "}",
    "2026-02-30",
  ]
  /// Values the reactors compute with, by where they go (a reactor's actions, or what its
  /// effects deliver): a hostile number goes in each.
  static let numberedPayloads: [String: [(Int) -> String]] = [
    "DiaryListReactor action": [
      { #"{"entryDidTap":{"number":\#($0)}}"# }, { #"{"pageDidChange":{"by":\#($0)}}"# },
    ],
    "DiaryListReactor effectOutput": [
      { #"{"setPage":{"_0":{"entries":[],"firstNumber":\#($0),"total":\#($0)}}}"# },
      {
        #"{"setPage":{"_0":{"entries":[{"body":"","date":"2026-01-01","id":\#($0),"title":"t","version":\#($0)}],"firstNumber":\#($0),"total":3}}}"#
      },
    ],
    "DiaryEditReactor effectOutput": [
      { #"{"removeLine":{"_0":\#($0)}}"# }, { #"{"replaceLine":{"_0":\#($0),"_1":"x"}}"# },
      { #"{"insertLine":{"_0":\#($0),"_1":"x"}}"# }, { #"{"setBase":{"id":\#($0),"version":\#($0)}}"# },
    ],
    "PINReactor effectOutput": [{ #"{"setAttempts":{"_0":\#($0)}}"# }],
    "WishlistReactor action": [{ #"{"movieDidTap":{"index":\#($0)}}"# }],
    "WishlistReactor effectOutput": [
      { #"{"setMovies":{"_0":[{"id":\#($0),"isWatched":false,"title":"m","year":\#($0)}]}}"# }
    ],
    "DiaryDetailReactor effectOutput": [
      { #"{"setEntry":{"_0":{"body":"","date":"","id":\#($0),"title":"","version":\#($0)}}}"# }
    ],
  ]

  /// Where `entry` goes, as ``numberedPayloads`` names it.
  static func target(of entry: [String: Any]) -> String {
    "\(reactor(of: entry) ?? "") \(entry["kind"] as? String ?? "")"
  }

  static func hostileString(_ random: inout SplitMix64) -> String {
    switch random.next(below: 8) {
    case 0: return ""
    case 1: return String(repeating: hostilePieces[random.next(below: hostilePieces.count)], count: 50_000)
    default:
      return (0..<(1 + random.next(below: 20))).map { _ in
        hostilePieces[random.next(below: hostilePieces.count)]
      }
      .joined()
    }
  }

  /// Changes the journal at random, as a hostile editor would; says what it did.
  mutating func mutate(_ random: inout SplitMix64) -> String {
    let inputs = entries.indices.filter {
      ["action", "effectOutput", "step", "gesture"].contains(entries[$0]["kind"] as? String ?? "")
    }
    let any = random.next(below: entries.count)
    let input = inputs.isEmpty ? any : inputs[random.next(below: inputs.count)]
    let number = Self.hostileNumbers[random.next(below: Self.hostileNumbers.count)]
    switch random.next(below: 13) {
    case 0, 1:
      // A number or a text of the value replaced by a hostile one.
      guard let json = entries[input]["json"] as? String,
        let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
      else { return "nothing (entry \(input) has no value)" }
      var leaves = 0
      let changed = Self.replacingLeaf(in: value, at: random.next(below: 8), counting: &leaves, &random)
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: changed, options: [.sortedKeys, .fragmentsAllowed])
      else { return "nothing" }
      entries[input]["json"] = String(decoding: data, as: UTF8.self)
      return "entry \(input): a value changed to \(String(decoding: data, as: UTF8.self).prefix(80))"
    case 2, 3, 4:
      // A value the reactor computes with, with a hostile number, in place of one it received.
      let candidates = inputs.filter { Self.numberedPayloads[Self.target(of: entries[$0])] != nil }
      guard !candidates.isEmpty else { return "nothing" }
      let index = candidates[random.next(below: candidates.count)]
      let payloads = Self.numberedPayloads[Self.target(of: entries[index])] ?? []
      let json = payloads[random.next(below: payloads.count)](number)
      entries[index]["json"] = json
      return "entry \(index): \(json)"
    case 5:
      // A case that does not exist.
      guard let json = entries[input]["json"] as? String, let brace = json.dropFirst(2).firstIndex(of: "\"")
      else {
        return "nothing"
      }
      entries[input]["json"] = "{\"noSuch\u{202E}Case\"" + json[json.index(after: brace)...]
      return "entry \(input): an unknown case"
    case 6:
      let other = random.next(below: entries.count)
      entries.swapAt(any, other)
      return "entries \(any) and \(other) swapped"
    case 7:
      entries.insert(entries[input], at: random.next(below: entries.count + 1))
      return "entry \(input) duplicated"
    case 8:
      entries.remove(at: input)
      return "entry \(input) dropped"
    case 9:
      header[random.next(below: 4) == 0 ? "app" : "build"] = Self.hostileString(&random)
      return "the header's app or build"
    case 10:
      // A tab, an effect's number, a source's ordinal.
      if entries[input]["tab"] != nil { entries[input]["tab"] = number }
      if entries[input]["effect"] != nil { entries[input]["effect"] = number }
      if var source = entries[input]["source"] as? [[String: Any]], !source.isEmpty {
        source[random.next(below: source.count)]["ordinal"] = random.next(below: 2) == 0 ? number : 1
        entries[input]["source"] = source
      }
      return "entry \(input): tab, effect or ordinal \(number)"
    case 11:
      // The value recorded under another type, or at another reactor.
      let types = inputs.compactMap { entries[$0]["type"] as? String }
      if !types.isEmpty, random.next(below: 2) == 0 {
        entries[input]["type"] = types[random.next(below: types.count)]
      } else if var source = entries[input]["source"] as? [[String: Any]], !source.isEmpty {
        let reactors = Set(Self.numberedPayloads.keys.map { String($0.prefix { $0 != " " }) }).sorted()
        source[source.count - 1]["type"] = reactors[random.next(below: reactors.count)]
        entries[input]["source"] = source
      }
      return "entry \(input): another type or reactor"
    default:
      // A text of any entry (a rendered tree, a navigation, a description), made hostile.
      for key in ["text", "description"] where entries[any][key] is String {
        entries[any][key] = Self.hostileString(&random)
      }
      return "entry \(any): its text"
    }
  }

  /// `value` with its leaf number `target` (or the last one, when it has fewer) made hostile.
  static func replacingLeaf(
    in value: Any, at target: Int, counting leaves: inout Int, _ random: inout SplitMix64
  )
    -> Any
  {
    if let object = value as? [String: Any] {
      var result = object
      for key in object.keys.sorted() {
        result[key] = replacingLeaf(in: object[key] as Any, at: target, counting: &leaves, &random)
      }
      return result
    }
    if let array = value as? [Any] {
      return array.map { replacingLeaf(in: $0, at: target, counting: &leaves, &random) }
    }
    defer { leaves += 1 }
    guard leaves == target || random.next(below: 6) == 0 else { return value }
    if value is String { return hostileString(&random) }
    switch random.next(below: 3) {
    case 0: return hostileString(&random)
    case 1: return NSNull()
    default: return hostileNumbers[random.next(below: hostileNumbers.count)]
    }
  }
}
