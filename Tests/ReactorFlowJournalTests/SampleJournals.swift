import Foundation
import ReactorFlow
import ReactorFlowJournal

enum DiaryAction: Codable, Equatable, Sendable {
  case refresh
  case open(id: Int)
}

struct DiaryEntry: Codable, Equatable, Sendable {
  var id: Int
  var title: String
}

enum AppStep: Step, Codable, Equatable {
  case home
  case entry(id: Int)
}

/// A payload whose type is not `Codable`: a journal keeps its description only.
struct OpaqueMutation: Sendable, CustomStringConvertible {
  var description: String { "setLoading(true)" }
}

enum Sources {
  static let app = JournalSource.app.appending("AppFlow")
  static let home = app.appending("HomeFlow", ordinal: 1)
  static let list = home.appending("DiaryListReactor")
  static let screen = home.appending("DiaryListScreen")
}

/// A journal with one entry of every kind, at 250 ms intervals.
func everyKindJournal() -> Journal {
  let events: [(JournalSource, JournalEntry.Event)] = [
    (.app, .deepLink("diary://entries/7")),
    (Sources.list, .action(JournalPayload(DiaryAction.refresh))),
    (Sources.list, .mutation(JournalPayload(OpaqueMutation()))),
    (Sources.list, .effectOutput(effect: 0, JournalPayload([DiaryEntry(id: 7, title: "Rain")]))),
    (Sources.screen, .step(JournalPayload(AppStep.entry(id: 7)))),
    (Sources.home, .navigation("push DiaryEntryScreen")),
    (Sources.screen, .gesture(.back)),
    (Sources.screen, .gesture(.swipeDown)),
    (Sources.app, .gesture(.selectTab(2))),
    (Sources.list, .diagnostic("an effect's error was not handled")),
    (Sources.list, .stateSnapshot(JournalPayload(DiaryEntry(id: 1, title: "Sun")))),
    (.app, .renderedTree("Window\n  NavigationStack\n    DiaryListScreen")),
  ]
  var journal = Journal()
  for (index, (source, event)) in events.enumerated() {
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: UInt64(index + 1), offset: .milliseconds(250 * index)), source: source,
        event: event))
  }
  return journal
}

let diaryHeader = JournalHeader(app: "Diary", build: "1.0 (42)")

/// What an entry says, as one line of text: two entries with the same fingerprint are the same.
func fingerprint(_ entry: JournalEntry) -> String {
  var parts = ["\(entry.time.sequence)", "\(entry.time.offset)", entry.source.description]
  parts.append(entry.event.kind.rawValue)
  if let payload = entry.event.payload {
    parts += [payload.typeName, payload.description, "\(payload.isReplayable)"]
  }
  switch entry.event {
  case .deepLink(let text), .navigation(let text), .diagnostic(let text), .renderedTree(let text):
    parts.append(text)
  case .gesture(let gesture):
    parts.append(gesture.description)
  case .effectOutput(let effect, _):
    parts.append("effect \(effect)")
  case .action, .step, .mutation, .stateSnapshot:
    break
  }
  return parts.joined(separator: " | ")
}

/// The lines of a journal file's bytes (without their line breaks).
func lines(_ data: Data) -> [Data] {
  data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) }
}

/// A journal file's bytes from its lines, each followed by a line break.
func joined(_ lines: [Data]) -> Data {
  var data = Data()
  for line in lines {
    data.append(line)
    data.append(0x0A)
  }
  return data
}

/// A fresh file path in the temporary folder.
func temporaryFile() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl")
}
