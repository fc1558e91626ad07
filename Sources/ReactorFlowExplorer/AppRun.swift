import ReactorFlow
import ReactorFlowHeadless

/// One run of the app under exploration, made fresh for every path the explorer replays.
///
/// The exploration's `launch` closure starts the app on it: with ``start(_:with:)`` for a root
/// flow and its stepper on ``window`` (as `FlowTester` does), or by setting ``window``,
/// ``settle``, ``flows`` and ``app`` for an app that owns its window and coordinator.
@MainActor
public final class AppRun {
  /// The window the app draws on; replace it if the app makes its own.
  public var window = Window()
  /// The coordinator ``start(_:with:)`` uses.
  public let coordinator = FlowCoordinator()
  /// What keeps the app alive during the run (released when the run is torn down).
  public var app: AnyObject?
  /// Anything else the run keeps until it is torn down (the app's subscriptions).
  public var retained: [Any] = []
  /// Waits until the app is idle after an input; `nil`: until the coordinator has no step
  /// pending and the tree stopped changing.
  public var settle: (@MainActor () async -> Void)?
  /// The flows running now; `nil`: the coordinator's.
  public var flows: (@MainActor () -> [any Flow])?
  /// Broadcasts a step of ``Exploration/steps``; `nil`: the coordinator's `navigate(to:)`.
  public var navigateTo: (@MainActor (any Step) -> Void)?
  /// Whether the first state is taken once the app settled after launch (`true`), or as the
  /// launch left it (`false`: a launch screen that moves on by itself is a state of its own,
  /// left by an action that waits).
  public var settlesAfterLaunch = true
  /// The recorder a recorded session or a replay records this run into (``Exploration/record(_:)``,
  /// ``Exploration/replay(_:checking:steps:progress:)``); `nil` while exploring. ``coordinator`` records into
  /// it before the exploration's `launch` runs: an app that makes its own coordinator has it record
  /// into this one too.
  public internal(set) var recorder: JournalRecorder?

  private(set) var diagnostics: [String] = []
  private(set) var handledSteps: [String] = []
  private var subscriptions: [AnyDisposable] = []

  init() {
    subscriptions.append(
      coordinator.onDiagnostic { [weak self] diagnostic in self?.report(diagnostic.description) })
    subscriptions.append(
      coordinator.onDidNavigate { [weak self] event in
        self?.handledSteps.append("\(type(of: event.flow)): \(event.step)")
      })
  }

  /// Starts `flow` as the root flow with `stepper`, on ``coordinator``.
  public func start(_ flow: Flow, with stepper: Stepper) {
    coordinator.coordinate(flow: flow, with: stepper)
  }

  /// Reports a diagnostic the app received on a channel of its own (its coordinator's
  /// `onDiagnostic`): the explorer counts it as a problem of the path.
  public func report(_ diagnostic: String) {
    diagnostics.append(diagnostic)
  }

  /// Reports a step the app's own coordinator handled (for the reproduction scripts).
  public func recordHandledStep(_ description: String) {
    handledSteps.append(description)
  }

  var handledStepsCount: Int { handledSteps.count }

  func navigate(to step: any Step) {
    if let navigateTo { navigateTo(step) } else { coordinator.navigate(to: step) }
  }

  func takeHandledSteps() -> [String] {
    defer { handledSteps.removeAll() }
    return handledSteps
  }

  func takeDiagnostics() -> [String] {
    defer { diagnostics.removeAll() }
    return diagnostics
  }

  var runningFlows: [any Flow] { flows?() ?? coordinator.flows }

  /// Waits until the app is idle.
  func settleNow() async {
    if let settle {
      await settle()
      return
    }
    var quietTurns = 0
    var last = window.render()
    for _ in 0..<1_000 {
      await MainActor.run {}
      await Task.yield()
      let now = window.render()
      quietTurns = (now == last && coordinator.pendingSteps == 0) ? quietTurns + 1 : 0
      last = now
      if quietTurns >= 3 { return }
    }
  }

  /// The recorded reactors of the run, by where they sit: those contributed to its coordinator's
  /// flows, then those bound to a screen of its window and recorded otherwise.
  var recordedReactors: [(source: JournalSource, reactor: any Reactor)] {
    let contributed = coordinator.recordedReactors
    let sources = Set(contributed.map(\.source))
    return contributed + window.recordedScreenReactors.filter { !sources.contains($0.source) }
  }

  /// A fresh run of `exploration`'s app, recorded into `recorder` from before its launch — its
  /// coordinator, then its window's gestures — and settled after the launch unless the
  /// exploration takes its first state as the launch left it.
  static func recorded(_ exploration: Exploration, into recorder: JournalRecorder) async -> AppRun {
    let run = AppRun()
    run.recorder = recorder
    run.coordinator.record(into: recorder)
    exploration.launch(run)
    run.window.record(into: recorder)
    if run.settlesAfterLaunch { await run.settleNow() }
    return run
  }

  /// Stops recording the run (``recorded(_:into:)``), and lets go of everything it holds.
  func stopRecordingAndTearDown() {
    coordinator.stopRecording()
    window.record(into: nil)
    tearDown()
  }

  /// Lets go of everything the run holds.
  func tearDown() {
    subscriptions.removeAll()
    app = nil
    retained.removeAll()
    settle = nil
    flows = nil
    navigateTo = nil
  }
}
