import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// What replaying a journal in a fresh app found: where it first diverged, if it did, and the
/// replay's own journal.
///
/// ```swift
/// let exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// let journal = await exploration.record([.action("Sign in"), .back])
/// let replay = await exploration.replay(journal)
/// print(replay.divergence?.description ?? "replayed \(replay.fedCount) inputs faithfully")
/// ```
public struct JournalReplay: Sendable {
  /// The first entry of the recorded journal that the replay did not reproduce; `nil` when every
  /// entry was.
  public var divergence: JournalDivergence?
  /// What the replay itself recorded: the inputs it fed, what the fresh app did, its checkpoints.
  public var journal: Journal
  /// The replayed app's state at the end (the exploration's ``Exploration/state``).
  public var finalState: String
  /// How many recorded inputs and effect outputs the replay fed to the app.
  public var fedCount: Int
  /// How many recorded entries the fresh app reproduced by itself (a screen's load-time action,
  /// a step sent by synchronous code) or after an input, checks included.
  public var matchedCount: Int
  /// How many of the replay's entries it looked at to match recorded ones.
  var examinedCount = 0

  /// Whether every recorded entry was reproduced.
  public var isFaithful: Bool { divergence == nil }
}

extension JournalReplay {
  /// The kinds of entries a replay checks by default: mutations, navigation, diagnostics, state
  /// snapshots and rendered trees.
  public static let defaultChecks: Set<JournalEntry.Kind> = [
    .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree,
  ]
}

extension Exploration {
  /// Replays `journal` in a fresh app: launches it as ``launch`` does, records it, and walks the
  /// recorded entries in order, with the effects' asynchronous parts substituted (no operation,
  /// sequence or timer starts: no network, database or clock is touched).
  ///
  /// - An input (an action, a step, a deep link, a gesture) that the fresh app already produced by
  ///   itself — a screen's load-time action, a step sent by synchronous code — counts as matched;
  ///   otherwise it is fed (to the reactor or stepper at its source, to the window), and the app
  ///   settles. A reactor is found where it sits: contributed to a flow of the run's coordinator,
  ///   or recorded with `record(into:as:)` and bound to a screen of the window.
  /// - An effect's output is always fed, to the reactor at its source, as its effect's output.
  /// - An entry of a kind in `checking` is compared with the replay's next unmatched entry of the
  ///   same kind and source; at a checkpoint (a rendered tree, a state), the replay takes its own.
  ///
  /// The first entry not reproduced stops the replay and is its ``JournalReplay/divergence``.
  /// Values are the recorded ones, or decoded from the file (their types must be `Codable`;
  /// a step's type must be among `steps`, to be found by its recorded name).
  ///
  /// A replay costs the same per entry however long the journal: `progress`, when given, is
  /// called after each recorded entry is walked with how many were and how many there are.
  public func replay(
    _ journal: Journal, checking: Set<JournalEntry.Kind> = JournalReplay.defaultChecks,
    steps: [any (Step & Decodable).Type] = [],
    progress: (@MainActor (_ walked: Int, _ total: Int) -> Void)? = nil
  ) async -> JournalReplay {
    await EffectSubstitution.substituting {
      let recorder = JournalRecorder()
      recorder.encodesValuesAsRecorded()
      let run = await AppRun.recorded(self, into: recorder)
      var replayer = JournalReplayer(
        exploration: self, checking: checking, stepTypes: steps, run: run, recorder: recorder)
      return await replayer.replay(journal, progress: progress)
    }
  }
}
