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
        The file ends here, without its end line: it was cut short (the diary writes its journal \
        whole after each command, so it was cut since). A replay needs the whole session. \(again)
        """
    case .truncatedLine:
      explanation = """
        The line ends without a line break: the file was cut in the middle of it (the diary writes \
        its journal whole after each command, so it was cut since). A replay needs the whole \
        session. \(again)
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

/// A session being recorded into a journal file: the app's coordinator (its flows, steppers and
/// the reactors they contribute), the user's gestures on the window, and a checkpoint after each
/// input (the rendered tree and the reactors' states).
///
/// The file is written again after each input — atomically, so that it is always a whole,
/// readable journal: a crash or a kill loses at most the entries of the input being handled,
/// never the file. A human types a few commands a minute and a session holds a few hundred
/// entries, so writing the whole journal each time costs little.
@MainActor
public final class SessionRecording {
  /// What is recorded.
  public let recorder = JournalRecorder()
  /// Where the journal is written.
  public let url: URL
  private weak var app: DiaryApplication?

  /// Records `app` (not started yet: its first steps are recorded too) into the file at `url`.
  public init(app: DiaryApplication, to url: URL) {
    self.url = url
    self.app = app
    // The coordinator records its reactors as descriptions unless the values are encoded now.
    recorder.encodesValuesAsRecorded()
    app.record(into: recorder)
  }

  /// Records a checkpoint (after an input, once the app is idle) and writes the journal.
  public func checkpoint() throws(JournalWriteError) {
    app?.recordCheckpoint(into: recorder)
    try write()
  }

  /// The restoration of the session the file holds, when this session is recorded into the file
  /// it restores from: until it has ended, the file keeps that session (``write()`` leaves it), so
  /// that a relaunch left at the sign-in does not lose where the user was.
  public weak var restoring: SessionRestoration?

  /// Writes the journal as it is now, replacing the file — unless the file still holds the session
  /// being restored (``restoring``).
  public func write() throws(JournalWriteError) {
    if let restoring, !restoring.restoration.status.hasEnded { return }
    try recorder.journal.write(to: url, header: DiaryJournal.header)
  }
}

extension DiaryApplication {
  /// Records the app into `recorder`: its coordinator from now on, and the user's gestures.
  func record(into recorder: JournalRecorder) {
    coordinator.record(into: recorder)
    window.record(into: recorder)
  }

  /// Records a checkpoint: the rendered tree, then the state of each recorded reactor bound to
  /// a screen of the window.
  func recordCheckpoint(into recorder: JournalRecorder) {
    recorder.recordRenderedTree(DiaryJournal.tree(of: window))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A journal's encoder: a `Redacted` field (the password) is written `‹redacted›`.
    encoder.userInfo[.reactorFlowJournal] = true
    func snapshot<R: Reactor>(_ reactor: R) {
      guard let source = reactor.recordedSource, let state = reactor.currentState as? any Encodable,
        let json = try? encoder.encode(state)
      else { return }
      recorder.record(
        .stateSnapshot(
          JournalPayload(
            typeName: String(reflecting: R.State.self), description: String(describing: reactor.currentState),
            json: String(decoding: json, as: UTF8.self))),
        from: source)
    }
    for case let view as any View in allScreens {
      if let reactor = view.reactor { snapshot(reactor) }
    }
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

/// `diary replay FILE`: a recorded session replayed in a fresh app, with what its effects
/// delivered substituted for them (no network, catalog or database call).
@MainActor
public enum DiaryReplay {
  /// The exit status when the replay diverged from the journal.
  public static let divergedCode: Int32 = 1
  /// The exit status when the file is not a journal of the diary that can be read (`EX_DATAERR`).
  public static let unreadableCode: Int32 = 65

  /// What a replay of a file found, as the command prints it.
  public struct Report: Sendable {
    /// What goes to standard output: a summary, then the final screen (or nothing, for a file
    /// that cannot be read). Every text from the file (and its path) goes through the terminal
    /// sanitizer (``TerminalText/sanitized(_:)``): no control, escape or bidi character.
    public var output: String
    /// What goes to standard error: the divergence, or why the file cannot be read; sanitized too.
    public var errors: String
    /// The exit status: 0, ``divergedCode`` or ``unreadableCode``.
    public var code: Int32
  }

  /// Replays the journal file at `url`; `launched` is called with the app it replays in.
  public static func replay(
    contentsOf url: URL, launched: (@MainActor (DiaryApplication) -> Void)? = nil
  ) async -> Report {
    // The demo's one sanitizer, for every text the file or its path holds (the library's
    // messages escape C0 and C1 controls, not bidi controls or line separators).
    let quoted = TerminalText.sanitized
    let file: JournalFile
    do {
      file = try DiaryJournal.reader.read(contentsOf: url)
    } catch {
      return Report(
        output: "",
        errors: "diary: cannot replay \(quoted(url.path)): \(quoted(DiaryJournal.explain(error)))\n",
        code: unreadableCode)
    }
    if file.journal.droppedCount > 0 {
      return Report(
        output: "",
        errors: """
          diary: cannot replay \(quoted(url.path)): it keeps only the last entries of its session \
          (\(file.journal.droppedCount) were dropped), and a replay starts from the launch.

          """,
        code: unreadableCode)
    }
    // Every value the app would be handed is checked first: a value the diary never records is
    // refused here, not met by a reactor.
    do {
      try DiaryJournal.check(file.journal)
    } catch {
      return Report(
        output: "", errors: "diary: cannot replay \(quoted(url.path)): \(quoted("\(error)"))\n",
        code: unreadableCode)
    }
    let exploration = DiaryExploration.journaled(replaysEffects: true, launched: launched)
    let replay = await exploration.replay(file.journal, steps: [AppStep.self])
    let screen = replay.finalState.split(separator: "\n", omittingEmptySubsequences: false)
      .map { quoted(String($0)) }.joined(separator: "\n")
    let build = "app \(quoted(file.header.app)), build \(quoted(file.header.build))"
    guard let divergence = replay.divergence else {
      return Report(
        output: """
          diary: replayed \(quoted(url.path)) (\(build)): \(file.journal.count) entries, \
          \(replay.fedCount) inputs fed, every checkpoint the same. The final screen:
          \(screen)

          """,
        errors: "", code: 0)
    }
    return Report(
      output: """
        diary: replayed \(quoted(url.path)) (\(build)) up to entry \(divergence.index) of \
        \(file.journal.count), where it diverged. The screen there:
        \(screen)

        """,
      errors: "diary: the replay diverged. \(quoted(DiaryJournal.explain(divergence)))\n", code: divergedCode)
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
    return SessionRestoration(file.journal, into: app)
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
