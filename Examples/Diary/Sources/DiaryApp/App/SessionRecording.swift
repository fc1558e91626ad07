import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// A session being recorded into a journal file: the app's coordinator (its flows, steppers and
/// the reactors they contribute), the user's gestures on the window, and a checkpoint after each
/// input (the rendered tree and the reactors' states).
///
/// Each new entry is appended to the file as the session goes (``JournalFileWriter``): a long
/// session costs what its new entries cost, never the whole file again. The file is a readable
/// journal at every moment: a crash or a kill — even in the middle of a line — loses at most the
/// entry being written; the reader takes the entries up to the last whole one and says where the
/// file stopped. When the session ends, the end line is written (``finish()``).
@MainActor
public final class SessionRecording {
  /// What is recorded.
  public let recorder = JournalRecorder()
  /// Where the journal is written.
  public let url: URL
  private weak var app: DiaryApplication?
  /// The file being appended to, from the first write.
  private var writer: JournalFileWriter?

  /// Records `app` (not started yet: its first steps are recorded too) into the file at `url`.
  public init(app: DiaryApplication, to url: URL) {
    self.url = url
    self.app = app
    // The coordinator records its reactors as descriptions unless the values are encoded now.
    recorder.encodesValuesAsRecorded()
    app.record(into: recorder)
  }

  /// Records a checkpoint (after an input, once the app is idle) and appends the new entries.
  public func checkpoint() throws(JournalWriteError) {
    app?.recordCheckpoint(into: recorder)
    try write()
  }

  /// The restoration of the session the file holds, when this session is recorded into the file
  /// it restores from: until it has ended, the file keeps that session (``write()`` leaves it), so
  /// that a relaunch left at the sign-in does not lose where the user was.
  public weak var restoring: SessionRestoration?

  /// Appends the entries recorded since the last write (the first write starts the file afresh,
  /// with every entry so far) — unless the file still holds the session being restored
  /// (``restoring``).
  public func write() throws(JournalWriteError) {
    if let restoring, !restoring.restoration.status.hasEnded { return }
    let writer: JournalFileWriter
    if let existing = self.writer {
      writer = existing
    } else {
      writer = try JournalFileWriter(url: url, header: DiaryJournal.header)
      self.writer = writer
    }
    try writer.append(from: recorder)
  }

  /// Appends what is left and the end line, at the end of the session: the file holds the whole
  /// session (unless it still holds the one being restored).
  public func finish() throws(JournalWriteError) {
    if let restoring, !restoring.restoration.status.hasEnded { return }
    try write()
    try writer?.finish()
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
