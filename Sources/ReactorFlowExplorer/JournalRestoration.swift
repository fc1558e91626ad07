import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

/// What restoring an app's navigation from a journal did: where it stopped and what it shows.
///
/// ```swift
/// let exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// let journal = await exploration.record([.action("Sign in"), .back])
/// let restoration = await exploration.restore(from: journal)
/// print(restoration.gate ?? "restored", restoration.state)
/// ```
public struct JournalRestoration: Sendable {
  /// The index of the journal's entry at which restoration stopped at a gate (the gate's step, or
  /// the input that showed a gate screen); `nil` when it replayed every navigation input.
  public var stoppedAt: Int?
  /// The gate it stopped at (the step, or the gate screen's title); `nil` when it did not stop.
  public var gate: String?
  /// The navigation input that could not be fed, if one could not (restoration stopped there).
  public var problem: JournalDivergence?
  /// The restored app's state (the exploration's ``Exploration/state``).
  public var state: String
  /// How many navigation inputs were fed.
  public var fedCount: Int

  /// Whether restoration stopped at a gate.
  public var stoppedAtGate: Bool { stoppedAt != nil }
}

extension Exploration {
  /// Restores the navigation a journal recorded, in a fresh app: replays its navigation inputs
  /// only — steps, deep links, gestures — with the effects' asynchronous parts not started and no
  /// recorded output fed (actions are not sent: the steps they led to were recorded as steps). It
  /// never passes a gate: once a `RestorationGate` step has been handled, or an input leaves a
  /// gate screen on top (``ExplorableScreen/isGate``), it stops there, and says where. A running
  /// app restores with `NavigationRestoration`, which this is made of.
  ///
  /// A step read from a file is decoded as one of `steps` (by its recorded type's name).
  public func restore(from journal: Journal, steps: [any (Step & Decodable).Type] = []) async
    -> JournalRestoration
  {
    await EffectSubstitution.substituting { () async -> JournalRestoration in
      let run = await AppRun.recorded(self, into: JournalRecorder())
      var openLink: (@MainActor (String) -> Void)?
      if let open = openDeepLink {
        openLink = { [weak run] link in
          if let run { open(link, run) }
        }
      }
      let restoration = NavigationRestoration(
        journal, coordinator: run.coordinator, window: run.window, steps: steps, openDeepLink: openLink)
      let status = await restoration.restore(settle: { [weak run] in await run?.settleNow() })
      var result = JournalRestoration(
        stoppedAt: nil, gate: nil, problem: nil, state: state(run.window), fedCount: restoration.fedCount)
      switch status {
      case .atGate(let index, let gate):
        result.stoppedAt = index
        result.gate = gate
      case .failed(let divergence):
        result.problem = divergence
      case .ready, .finished, .cancelled:
        break
      }
      run.stopRecordingAndTearDown()
      return result
    }
  }
}
