import ReactorFlow
import ReactorFlowHeadless

/// Explores every path of an app's navigation, breadth first, and checks each one.
///
/// ```swift
/// var exploration = Exploration { run in
///   run.start(AppFlow(window: run.window), with: AppStepper())
/// }
/// exploration.steps = [ExplorationStep(AppStep.settingsAreRequired)]
/// exploration.script.setup = ["tester.start(AppFlow(window: tester.window), with: AppStepper())"]
/// let result = await exploration.run()
/// #expect(result.problems.isEmpty, "\(result.report)")
/// ```
///
/// Each distinct state (the canonical screen tree, ``state``) is reached by replaying its
/// shortest path from a fresh launch, so the results do not depend on the order things were
/// tried. On every path it checks: no diagnostic, nothing alive once the app is torn down, no
/// flow outliving its root, no state the user cannot leave (unless terminal), and ``checks``.
@MainActor
public struct Exploration {
  /// Starts the app on a fresh ``AppRun``.
  public var launch: @MainActor (AppRun) -> Void
  /// Steps broadcast from every state (deep links, notifications).
  public var steps: [ExplorationStep] = []
  /// Whether the user's gestures are inputs: back, swipe a sheet down, select a tab.
  public var gestures = true
  /// Actions of screens that do not adopt ``ExplorableScreen`` (their type is the app's),
  /// given the screen and the run (whose ``AppRun/app`` is the app).
  public var actions: (@MainActor (Screen, AppRun) -> [UserAction])?
  /// How many inputs a path has at most.
  public var maxDepth = 12
  /// How many states are explored at most.
  public var maxStates = 2_000
  /// Checks on every state: a name, and a closure returning what is wrong (`nil`: nothing).
  public var checks: [(name: String, check: @MainActor (Window) -> String?)] = []
  /// States the user is not meant to leave (besides ``ExplorableScreen/isTerminal`` screens).
  public var isTerminal: (@MainActor (Window) -> Bool)?
  /// The canonical state of a window; by default its rendered tree without the screens'
  /// content lines (``structure(of:)``).
  public var state: @MainActor (Window) -> String = { Exploration.structure(of: $0) }
  /// Opens a deep link a journal recorded, on a replayed run (``replay(_:checking:steps:progress:)``):
  /// `run.coordinator.navigate(toDeepLink:with:)` with the app's parser, typically; `nil`: a
  /// journal with a deep link does not replay.
  public var openDeepLink: (@MainActor (String, AppRun) -> Void)?
  /// How reproduction scripts are written.
  public var script = ReproductionScript()
  /// Where progress goes while exploring.
  public var progress = ExplorationProgress.automatic
  /// How long an object still alive after a teardown may take to go before it is reported as a
  /// leak, the first time those objects are seen alive (a hang guard, not a measure: the wait
  /// ends as soon as they go; a busy machine delays releases, it does not make leaks).
  public var leakGracePeriod: Duration = .seconds(2)
  /// A file that holds, while each path is replayed, its reproduction script: if the app
  /// crashes, the file names the path that crashed it.
  public var crashJournal: String?

  /// An exploration of the app `launch` starts.
  public init(launch: @escaping @MainActor (AppRun) -> Void) {
    self.launch = launch
  }

  /// The rendered tree of `window` without the screens' content lines: the navigation state.
  public static func structure(of window: Window) -> String {
    window.render().split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.drop(while: { $0 == " " }).hasPrefix("| ") && $0.drop(while: { $0 == " " }) != "|" }
      .joined(separator: "\n")
  }

  /// Explores, and returns the map and the problems found.
  public func run() async -> ExplorationResult {
    var explorer = Explorer(exploration: self)
    return await explorer.explore()
  }
}

/// Where an exploration reports its progress (states explored, frontier, problems so far).
public enum ExplorationProgress: Sendable {
  /// To standard error when it is a terminal; nowhere otherwise.
  case automatic
  /// To standard error, a line each 50 states.
  case always
  /// Nowhere.
  case never
}
