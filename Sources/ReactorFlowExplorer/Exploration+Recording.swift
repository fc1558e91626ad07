import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

extension Exploration {
  /// Records a session of the app along `path` (the explorer's inputs, from a fresh launch): its
  /// inputs, the effects' outputs, mutations, navigation and diagnostics, and a checkpoint
  /// (``recordCheckpoint(of:)``) after the launch and after each input has settled.
  ///
  /// Values that are `Encodable` are encoded as they are recorded, so that the journal replays
  /// once written to a file and read back.
  public func record(_ path: [ExplorationInput]) async -> Journal {
    let recorder = JournalRecorder()
    recorder.encodesValuesAsRecorded()
    let run = await AppRun.recorded(self, into: recorder)
    recordCheckpoint(of: run)
    let replay = Replay(exploration: self)
    for input in path {
      let action = replay.actionFor(input, in: replay.availableActions(run))
      _ = await replay.apply(input, action: action, on: run)
      await run.settleNow()
      recordCheckpoint(of: run)
    }
    run.stopRecordingAndTearDown()
    return recorder.journal
  }

  /// Records a checkpoint of `run` into its recorder (``AppRun/recorder``; nothing when it has
  /// none): the rendered tree as ``state`` gives it, then the state of every recorded reactor —
  /// contributed to its coordinator's flows, then bound to a screen of its window — whose state
  /// is `Codable`, encoded now.
  public func recordCheckpoint(of run: AppRun) {
    guard let recorder = run.recorder else { return }
    recorder.recordRenderedTree(state(run.window))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[.reactorFlowJournal] = true
    for (source, reactor) in run.recordedReactors {
      let state = reactor.journalState
      guard let encodable = state as? any Encodable, let json = try? encoder.encode(encodable) else {
        continue
      }
      recorder.record(
        .stateSnapshot(
          JournalPayload(
            typeName: String(reflecting: type(of: state)), description: String(describing: state),
            json: String(decoding: json, as: UTF8.self))),
        from: source)
    }
  }
}
