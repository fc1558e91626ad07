import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowJournal

/// `diary replay FILE`: a recorded session replayed in a fresh app, with what its effects
/// delivered substituted for them (no network, catalog or database call).
@MainActor
public enum DiaryReplay {
  /// The exit status when the replay diverged from the journal.
  public static let divergedCode: Int32 = 1
  /// The exit status when the file is not a journal of the diary that can be read (`EX_DATAERR`).
  public static let unreadableCode: Int32 = 65
  /// The size from which a replay says what it is doing as it goes: reading, checking, replaying.
  static let largeFileSize = 8 << 20
  /// The number of entries from which a replay says how far it is, every 5 %.
  static let largeJournalCount = 20_000

  /// What a replay of a file found, as the command prints it.
  public struct Report: Sendable {
    /// What goes to standard output: a summary, then the final screen (or nothing, for a file
    /// that cannot be read). Every text from the file (and its path) goes through the terminal
    /// sanitizer (``TerminalText/sanitized(_:)``): no control, escape or bidi character.
    public var output: String
    /// What goes to standard error: the divergence, why the file cannot be read, or where a
    /// journal stopped that was not ended (an app killed while recording); sanitized too.
    public var errors: String
    /// The exit status: 0, ``divergedCode`` or ``unreadableCode``.
    public var code: Int32
  }

  /// The exit status when the report page cannot be written (`EX_CANTCREAT`).
  public static let cannotWriteReportCode: Int32 = 73

  /// Replays the journal file at `url`; `launched` is called with the app it replays in, and
  /// `progress` with a line saying how far it is, as it goes, for a large file. With `report`,
  /// writes there the page of the session to open in a browser (`JournalInspectorPage`), the
  /// first divergence marked on its timeline.
  public static func replay(
    contentsOf url: URL, launched: (@MainActor (DiaryApplication) -> Void)? = nil,
    progress: (@MainActor (String) -> Void)? = nil, report: URL? = nil
  ) async -> Report {
    var result = await replayed(contentsOf: url, launched: launched, progress: progress)
    guard let report, let replayedFile = result.file else { return result.report }
    let page =
      result.divergence.map { JournalInspectorPage(file: replayedFile, replayDivergence: $0) }
      ?? JournalInspectorPage(file: replayedFile)
    let path = TerminalText.sanitized(report.path)
    do {
      try Data(page.html.utf8).write(to: report, options: .atomic)
      result.report.output += "diary: the report is in \(path): open it in a browser.\n"
    } catch {
      result.report.errors += """
        diary: cannot write the report to \(path): \(TerminalText.sanitized(error.localizedDescription)). \
        Check that its folder exists and is writable, or pass another path to --report.

        """
      if result.report.code == 0 { result.report.code = cannotWriteReportCode }
    }
    return result.report
  }

  /// A replay's report, with the journal it replayed and where it diverged (for a report page).
  private struct Replayed {
    var report: Report
    var file: JournalFile?
    var divergence: JournalDivergence?
  }

  private static func replayed(
    contentsOf url: URL, launched: (@MainActor (DiaryApplication) -> Void)?,
    progress: (@MainActor (String) -> Void)?
  ) async -> Replayed {
    // The demo's one sanitizer, for every text the file or its path holds (the library's
    // messages escape C0 and C1 controls, not bidi controls or line separators).
    let quoted = TerminalText.sanitized
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let large = size >= largeFileSize
    if large { progress?("diary: reading \(quoted(url.path)) (\(size >> 20) MB)…\n") }
    let file: JournalFile
    do {
      file = try DiaryJournal.reader.read(contentsOf: url)
    } catch {
      return Replayed(
        report: Report(
          output: "",
          errors: "diary: cannot replay \(quoted(url.path)): \(quoted(DiaryJournal.explain(error)))\n",
          code: unreadableCode))
    }
    if file.journal.droppedCount > 0 {
      return Replayed(
        report: Report(
          output: "",
          errors: """
            diary: cannot replay \(quoted(url.path)): it keeps only the last entries of its session \
            (\(file.journal.droppedCount) were dropped), and a replay starts from the launch.

            """,
          code: unreadableCode))
    }
    let count = file.journal.count
    if large { progress?("diary: read \(count) entries; checking their values…\n") }
    // Every value the app would be handed is checked first: a value the diary never records is
    // refused here, not met by a reactor.
    do {
      try DiaryJournal.check(file.journal)
    } catch {
      return Replayed(
        report: Report(
          output: "", errors: "diary: cannot replay \(quoted(url.path)): \(quoted("\(error)"))\n",
          code: unreadableCode))
    }
    // A journal that stopped is replayed up to its last checkpoint: what follows it is the part
    // of the command being handled when the diary stopped that was written.
    let journal = file.ending == .complete ? file.journal : upToLastCheckpoint(file.journal)
    let stopped = stoppedNote(file.ending, url: url, leftOut: count - journal.count)
    let exploration = DiaryExploration.journaled(replaysEffects: true, launched: launched)
    // Every 5 %, for a long journal.
    let step = max(1, (count + 19) / 20)
    var said: (@MainActor (Int, Int) -> Void)?
    if count >= largeJournalCount, let progress {
      said = { walked, total in
        guard walked % step == 0 else { return }
        progress("diary: replaying… \(walked * 100 / max(total, 1)) % (\(walked) of \(total) entries)\n")
      }
    }
    let replay = await exploration.replay(journal, steps: [AppStep.self], progress: said)
    let screen = replay.finalState.split(separator: "\n", omittingEmptySubsequences: false)
      .map { quoted(String($0)) }.joined(separator: "\n")
    let build = "app \(quoted(file.header.app)), build \(quoted(file.header.build))"
    let replayedFile = JournalFile(header: file.header, journal: journal)
    if let divergence = replay.divergence {
      return Replayed(
        report: Report(
          output: """
            diary: replayed \(quoted(url.path)) (\(build)) up to entry \(divergence.index) of \
            \(count), where it diverged. The screen there:
            \(screen)

            """,
          errors: "\(stopped)diary: the replay diverged. \(quoted(DiaryJournal.explain(divergence)))\n",
          code: divergedCode), file: replayedFile, divergence: divergence)
    }
    return Replayed(
      report: Report(
        output: """
          diary: replayed \(quoted(url.path)) (\(build)): \(journal.count) entries, \
          \(replay.fedCount) inputs fed, every checkpoint the same. The final screen:
          \(screen)

          """,
        errors: stopped, code: 0), file: replayedFile)
  }

  /// `journal`'s entries up to its last checkpoint (its rendered tree and the states after it).
  private static func upToLastCheckpoint(_ journal: Journal) -> Journal {
    let entries = journal.entries
    guard let tree = entries.lastIndex(where: { $0.event.kind == .renderedTree }) else { return Journal() }
    var end = tree + 1
    while end < entries.count, entries[end].event.kind == .stateSnapshot { end += 1 }
    return Journal(entries: Array(entries[..<end]))
  }

  /// What a replay says of a journal that has no end line: where its app stopped, and how many
  /// entries after its last checkpoint are left out.
  private static func stoppedNote(_ ending: JournalEnding, url: URL, leftOut: Int) -> String {
    guard case .stopped(let torn) = ending else { return "" }
    let path = TerminalText.sanitized(url.path)
    let where_ =
      torn.map { " in the middle of line \($0.line) (\($0.byteCount) bytes of it written)" } ?? ""
    let after = leftOut == 0 ? "" : ", leaving out the \(leftOut) entries after it"
    return """
      diary: \(path) stopped before its session ended (the diary was stopped while recording)\(where_): \
      replaying it up to its last checkpoint\(after).

      """
  }
}
