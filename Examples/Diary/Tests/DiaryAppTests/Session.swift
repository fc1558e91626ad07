import Clocks
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DiaryApp

/// A scripted session of the demo app: commands in, frames out, with every screen, reactor and
/// flow it ever showed tracked for release.
@MainActor
final class Session {
  let app: DiaryApplication
  let leaks: LeakTracker
  private var tracked: Set<ObjectIdentifier> = []
  /// The `--trace` lines so far.
  private(set) var traceLines: [String] = []

  /// A session on `storage`; a locked database fails at once unless `busyTimeout` says otherwise.
  init(
    _ leaks: LeakTracker, storage: DiaryApplication.Storage = .inMemory, trace: Bool = false,
    busyTimeout: Duration = .zero, integrityCheckInterval: Duration = .seconds(60),
    size: TerminalSize = .transcript
  ) throws {
    self.leaks = leaks
    let traceSink = Trace()
    app = try DiaryApplication(
      storage: storage, clock: ImmediateClock(), networkLatency: .seconds(1), launchDelay: .seconds(1),
      trace: traceSink, busyTimeout: busyTimeout, integrityCheckInterval: integrityCheckInterval)
    app.size = size
    leaks.track(app)
    leaks.track(app.window)
    if trace { traceSink.sink = { [weak self] line in self?.traceLines.append(line) } }
  }

  /// Starts the app and returns the first frame once it is idle (the sign-in screen).
  @discardableResult
  func start() async -> String {
    app.start()
    trackTree()
    await app.settle()
    trackTree()
    return app.frame()
  }

  /// Types `line`, waits for the app to be idle, and returns the frame.
  @discardableResult
  func type(_ line: String) async -> String {
    app.handle(line)
    trackTree()
    await app.settle()
    trackTree()
    return app.frame()
  }

  /// Types each line in turn and returns the last frame.
  @discardableResult
  func type(_ lines: [String]) async -> String {
    var frame = app.frame()
    for line in lines { frame = await type(line) }
    return frame
  }

  /// Signs in with the demo account; returns the first frame of the tabs.
  @discardableResult
  func signIn() async -> String {
    await start()
    return await type(["e demo@reactorflow.dev", "p reactor123", "s"])
  }

  /// The frame's lines.
  var lines: [String] { app.frame().components(separatedBy: "\n") }

  /// The content lines of the top screen.
  var content: [String] { app.window.topScreen?.content ?? [] }
  /// The title of the top screen.
  var top: String? { app.window.topScreen?.title }

  /// Tracks every screen in the window, its reactor, and every running flow.
  private func trackTree() {
    func visit(_ screen: Screen) {
      track(screen, "screen \"\(screen.title)\" (\(Swift.type(of: screen)))")
      if let view = screen as? any View, let reactor = view.reactor {
        track(reactor, "\(Swift.type(of: reactor))")
      }
      for child in screen.children { visit(child) }
      if let modal = screen.presentedScreen { visit(modal) }
    }
    if let root = app.window.rootViewController { visit(root) }
    for flow in app.runningFlows { track(flow, "\(Swift.type(of: flow))") }
  }

  private func track(_ object: AnyObject, _ name: String) {
    if tracked.insert(ObjectIdentifier(object)).inserted { leaks.track(object, name) }
  }
}
