import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless

/// The demo app, explored: every path from launch through the user's gestures and the keys of
/// each screen (`swift run diary explore`, and the test that keeps the committed map in step).
@MainActor
public enum DiaryExploration {
  /// The exploration of a fresh in-memory diary, with no delays.
  ///
  /// - Parameters:
  ///   - replaysEffects: whether each app replays a journal (``Exploration/replay(_:checking:steps:)``):
  ///     its effects' operations are not waited for.
  ///   - launched: called with each app launched.
  ///   - now: what time it is in each app (a new entry is dated today).
  ///   - storage: where each app launched keeps its diary (a fresh one in memory by default).
  public static func make(
    replaysEffects: Bool = false, launched: (@MainActor (DiaryApplication) -> Void)? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    storage: @escaping @MainActor () -> DiaryApplication.Storage = { .inMemory }
  ) -> Exploration {
    var exploration = Exploration { run in
      // The launch screen and the sign-in call take no time. The app's flows run on the run's
      // coordinator: the explorer hears its diagnostics, and a recorded or replayed run reaches
      // its reactors.
      let app: DiaryApplication
      do {
        app = try DiaryApplication(
          storage: storage(), now: now, networkLatency: .zero, launchDelay: .zero,
          coordinator: run.coordinator,
          replaysEffects: replaysEffects)
      } catch {
        // A diary file that cannot be opened: a problem of the path, not a crash.
        run.report("the diary could not be opened: \(error)")
        return
      }
      launched?(app)
      run.app = app
      run.window = app.window
      run.settle = { [weak app] in await app?.settle() }
      run.flows = { [weak app] in app?.runningFlows ?? [] }
      run.navigateTo = { [weak app] step in app?.navigate(to: step) }
      // The launch screen is a state of its own: the user waits for it to move on.
      run.settlesAfterLaunch = false
      app.start()
    }
    exploration.maxDepth = 30
    // A push notification that opens the settings, wherever the user is.
    exploration.steps = [ExplorationStep(AppStep.settingsAreRequired, label: "settings (notification)")]
    exploration.actions = { screen, run in
      guard let app = run.app as? DiaryApplication else { return [] }
      return app.userActions(on: screen).map { action in
        var userAction = UserAction(action.name, code: action.code) { [weak app] in
          guard let app else { return }
          for command in action.commands {
            app.handle(command)
            await app.settle()
          }
          await app.settle()
        }
        userAction.needsSecret = action.needsSecret
        return userAction
      }
    }
    exploration.script.signature = "@MainActor @Test func reproduction() async throws"
    exploration.script.prologue = ["let leaks = LeakTracker()", "let session = try Session(leaks)"]
    exploration.script.setup = ["session.app.start()"]
    exploration.script.window = "session.app.window"
    exploration.script.statesSteps = false
    exploration.script.navigate = { "session.app.navigate(to: \($0))" }
    exploration.script.afterInput = ["await session.app.settle()"]
    exploration.script.epilogue = ["_ = session"]
    return exploration
  }

  /// The exploration a session is recorded along (``Exploration/record(_:)``) or a journal
  /// replayed in (`replaysEffects`): its state, at each checkpoint, is the whole rendered tree
  /// (``DiaryJournal/tree(of:)``), as `diary run --record` records it. `now` is what time it is
  /// in each app, `storage` where it keeps its diary.
  public static func journaled(
    replaysEffects: Bool = false, launched: (@MainActor (DiaryApplication) -> Void)? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    storage: @escaping @MainActor () -> DiaryApplication.Storage = { .inMemory }
  ) -> Exploration {
    var exploration = make(replaysEffects: replaysEffects, launched: launched, now: now, storage: storage)
    exploration.state = { DiaryJournal.tree(of: $0) }
    return exploration
  }
}

/// One thing a user does on a screen of the demo: the commands typed for it.
public struct DiaryUserAction: Sendable, Hashable {
  /// What the map calls it.
  public let name: String
  /// The commands typed, in order (none: the user waits).
  public let commands: [String]
  /// Whether it takes what not every user has: a password, a PIN.
  public var needsSecret = false

  init(name: String, commands: [String], needsSecret: Bool = false) {
    self.name = name
    self.commands = commands
    self.needsSecret = needsSecret
  }

  /// The commands as a line of a transcript test (`Session`).
  var code: String {
    commands.isEmpty
      ? "// (nothing to type: the app moves on by itself)"
      : "await session.type([\(commands.map { "\"\($0)\"" }.joined(separator: ", "))])"
  }
}
