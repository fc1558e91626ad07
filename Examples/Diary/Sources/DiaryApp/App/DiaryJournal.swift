import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// The diary's journal: what the app records of a session (`diary run --record FILE`) and how a
/// journal file is written and read back (`diary replay FILE`).
@MainActor
public enum DiaryJournal {
  /// The app's name in a journal file's header: a journal of another app is refused.
  public static let appName = "Diary"
  /// The header of the journals the diary writes.
  public static let header = JournalHeader(app: appName, build: "demo")
  /// The reader of the diary's journals (another app's journal is a typed error).
  public static let reader = JournalReader(expectedApp: appName)

  /// The rendered tree a checkpoint records, and that a replay compares: every screen of the
  /// window with its content lines.
  public static func tree(of window: Window) -> String {
    window.render()
  }

  /// What to do about a journal file that cannot be read, in the words of the diary's command
  /// line: `Line 3 of the journal: what is wrong. What to do with the diary's options.` (The
  /// library's own description tells a programmer which of its APIs to call; a user of the
  /// diary has no option for them.)
  public static func explain(_ error: JournalReadError) -> String {
    let place = error.line.map { "Line \($0) of the journal" } ?? "The journal file"
    let quoted = { (text: String) in TerminalText.excerpt(text, columns: 200) }
    let record = "record the session again (diary --record FILE)."
    let again = "R" + record.dropFirst()
    let changed = "The diary never writes such a line: the file was changed since it was recorded. \(again)"
    let explanation: String
    switch error.problem {
    case .cannotRead(let reason):
      explanation = "The file cannot be read (\(quoted(reason))). Check the path and the file's permissions."
    case .fileTooLarge(let size, let limit):
      explanation = """
        The file is \(size) bytes, more than the \(limit) a replay reads. Record a shorter session \
        into a new file (diary --record FILE).
        """
    case .lineTooLong(let limit):
      explanation = """
        The line is longer than \(limit) bytes, more than a replay reads: the file was changed since \
        it was recorded, or its session holds a text too long to replay. \(again)
        """
    case .notUTF8:
      explanation = "The line is not valid UTF-8 text: the file is damaged. \(again)"
    case .tooDeeplyNested(let limit):
      explanation = "The line nests values more than \(limit) levels deep. \(changed)"
    case .notJSON(let reason):
      explanation = "The line is not a JSON object (\(quoted(reason))): the file is damaged. \(again)"
    case .missingHeader:
      explanation = """
        The line is not a journal header: the file is empty, or is not a journal. Pass a file \
        written by diary --record FILE.
        """
    case .unsupportedVersion(let found, let supported):
      explanation = """
        The journal is in format version \(found); this diary reads version \(supported). Replay it \
        with the diary that recorded it, or \(record)
        """
    case .differentApp(let found, let expected):
      explanation = """
        The journal was recorded by "\(quoted(found))", not "\(quoted(expected))": the diary replays \
        the sessions it recorded itself (diary --record FILE).
        """
    case .unknownKind(let kind):
      explanation = """
        The entry is of an unknown kind, "\(quoted(kind))": a newer diary wrote it, or the file is \
        damaged. \(again)
        """
    case .invalidField(let name, let reason):
      explanation = "The entry's \"\(quoted(name))\" field is wrong (\(quoted(reason))). \(changed)"
    case .outOfOrder(let sequence, let previous):
      explanation =
        "Entry number \(sequence) comes after entry \(previous): a line was duplicated or moved. \(changed)"
    case .missingEnd:
      explanation = """
        The file ends here, without its end line, and its header does not say it was appended to \
        as it was recorded (the diary's journals do): it was cut short since it was written. A \
        replay needs the whole session. \(again)
        """
    case .truncatedLine:
      explanation = """
        The line ends without a line break: the file was cut in the middle of it, and its header \
        does not say it was appended to as it was recorded (the diary's journals do), so it was \
        cut since it was written. A replay needs the whole session. \(again)
        """
    case .countMismatch(let declared, let found):
      explanation =
        "The end line counts \(declared) entries but the file holds \(found): lines were added or removed. \(changed)"
    case .contentAfterEnd:
      explanation =
        "The line comes after the end line: lines were added to the journal. Remove them, or \(record)"
    }
    return "\(place): \(explanation)"
  }

  /// `divergence` in the words of the diary's command line: an input that could not be fed says
  /// what to do with the diary's options, not which of the library's APIs to call.
  public static func explain(_ divergence: JournalDivergence) -> String {
    guard divergence.reason == .cannotFeed else { return divergence.description }
    var said = divergence
    let again = "Record the session again (diary --record FILE), or correct or remove that line."
    let actual = divergence.actual
    if actual.hasPrefix("no reactor sits at") {
      said.actual = """
        the diary has no such reactor there at that point: the file was changed since it was \
        recorded. \(again)
        """
    } else if actual.hasPrefix("no step type is named") {
      said.actual = "the diary has no such step: the file was changed since it was recorded. \(again)"
    } else if actual.contains("deep link") {
      said.actual = "the diary opens no deep link: the file was changed since it was recorded. \(again)"
    } else if actual.contains("`") {
      // Another hint at the library's API: what went wrong, without it.
      let what = actual.components(separatedBy: ": ").prefix { !$0.contains("`") }.joined(separator: ": ")
      said.actual = (what.isEmpty ? "the entry cannot be replayed" : what) + ". \(again)"
    }
    return said.description
  }
}

// A state's one-shot value is part of what a checkpoint compares: its value and how many times
// it was set.
extension Pulse: @retroactive Encodable where Value: Encodable {
  private enum CodingKeys: String, CodingKey { case value, count }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(valueUpdatedCount, forKey: .count)
  }
}

/// Coming back, on relaunch, to where the last session left (`diary run --restore FILE`): the
/// navigation its journal recorded is restored once the app has launched, up to the sign-in; once
/// the user signed in again, up to the PIN of the private notes; once they typed it again, to the
/// end. What the screens show is read afresh (the diary as it is now).
@MainActor
public final class SessionRestoration {
  /// The restoration under way.
  public let restoration: NavigationRestoration
  private weak var app: DiaryApplication?
  /// What to tell the user before the app starts, when the file's recording was stopped (the
  /// diary killed): it is restored up to its last whole entry. `nil` for a file that was ended.
  public private(set) var notice: String?

  /// Why the journal of the last session cannot be restored.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, and that the app starts afresh.
    public let description: String
  }

  /// The restoration of the session recorded in the file at `url`, in `app` (which must record:
  /// ``SessionRecording`` records it), or `nil` when there is no such file (a first launch).
  /// A file that cannot be read, or that lost its first entries, is a ``Failure`` naming why.
  public static func reading(contentsOf url: URL, into app: DiaryApplication) throws(Failure)
    -> SessionRestoration?
  {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    // The demo's one sanitizer, as `diary replay` uses it.
    let quoted = TerminalText.sanitized
    let file: JournalFile
    do {
      file = try DiaryJournal.reader.read(contentsOf: url)
    } catch {
      throw Failure(
        description:
          "cannot come back to where \(quoted(url.path)) left: \(quoted(DiaryJournal.explain(error))) Starting afresh."
      )
    }
    guard file.journal.droppedCount == 0 else {
      throw Failure(
        description: """
          cannot come back to where \(quoted(url.path)) left: it keeps only the last entries of its \
          session, and restoring starts from the launch. Starting afresh.
          """)
    }
    do {
      try DiaryJournal.check(file.journal)
    } catch {
      throw Failure(
        description:
          "cannot come back to where \(quoted(url.path)) left: \(quoted("\(error)")) Starting afresh.")
    }
    let restoration = SessionRestoration(file.journal, into: app)
    if case .stopped(let torn) = file.ending {
      let where_ = torn.map { " in the middle of line \($0.line)" } ?? ""
      restoration.notice = """
        \(quoted(url.path)) stopped before its session ended (the diary was stopped while \
        recording)\(where_): coming back to where its last whole entry left.
        """
    }
    return restoration
  }

  /// The restoration of `journal` in `app`.
  public init(_ journal: Journal, into app: DiaryApplication) {
    self.app = app
    restoration = NavigationRestoration(
      journal, coordinator: app.coordinator, window: app.window, steps: [AppStep.self])
  }

  /// Goes on restoring, if it can (the app idle between inputs), and says where it is on the
  /// app's status line: at a gate, what the user does next; at the end, that they are back.
  public func goOn() async {
    guard let app, !restoration.status.hasEnded else { return }
    let before = restoration.status
    let status = await restoration.restore(settle: { [weak app] in await app?.settle() })
    guard status != before else { return }
    switch status {
    case .atGate(_, let gate):
      app.show(
        gate.hasPrefix("localAuthIsRequired")
          ? "Type your PIN again to come back to where you left."
          : "Sign in again to come back to where you left.")
    case .finished:
      app.show("You are back where you left.")
    case .failed(let divergence):
      app.show(
        "Could not come back to where you left (\(DiaryJournal.explain(divergence))); go on from here.")
    case .ready, .cancelled:
      break
    }
  }
}
