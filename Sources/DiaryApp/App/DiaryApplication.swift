import ReactorFlow

/// The demo app: a window driven by the app flow, read as terminal frames and driven by typed
/// commands. The `diary` executable runs it in a terminal; the transcript tests drive it directly.
@MainActor
public final class DiaryApplication {
  /// Where the diary is stored.
  public enum Storage {
    /// In memory: gone when the app quits (`--in-memory`).
    case inMemory
    /// A SQLite file, created if needed (`--database PATH`).
    case file(String)
    /// The default location under the user's data folder.
    case defaultLocation
  }

  /// The headless screen tree the flows navigate.
  public let window = Window()
  /// Asynchronous work in flight.
  public let activity = Activity()
  /// Where `--trace` lines go.
  public let trace: Trace
  /// The database location (`:memory:` when in memory).
  public var databaseLocation: String { env.database.location }
  /// Set by the quit key.
  public private(set) var isFinished = false
  /// The last message of the app itself (an unknown key, help).
  public private(set) var status: String?

  private let env: AppEnvironment
  private let coordinator = FlowCoordinator()
  private var subscriptions: [Subscription] = []
  private var renderer = FrameRenderer()

  /// Opens the storage and prepares the app; it starts with ``start()``.
  ///
  /// - Parameters:
  ///   - clock: what the launch screen and the auth service wait on.
  ///   - networkLatency: how long an auth call takes.
  ///   - launchDelay: how long the launch screen stays.
  public init(
    storage: Storage, clock: any Clock<Duration> = ContinuousClock(),
    networkLatency: Duration = .milliseconds(400), launchDelay: Duration = .milliseconds(700),
    trace: Trace = Trace()
  ) throws(DatabaseOpenError) {
    let database: DiaryDatabase
    switch storage {
    case .inMemory: database = DiaryDatabase.inMemory()
    case .file(let path): database = try DiaryDatabase.open(path: path)
    case .defaultLocation: database = try DiaryDatabase.open(path: DiaryDatabase.defaultPath())
    }
    self.trace = trace
    env = AppEnvironment(
      database: database, clock: clock, networkLatency: networkLatency, launchDelay: launchDelay,
      trace: trace, activity: activity)
  }

  /// Starts the app flow on the window: the launch screen first.
  public func start() {
    subscriptions.append(
      coordinator.onWillNavigate { [weak self] event in self?.trace.navigation("will navigate  \(event)") })
    subscriptions.append(
      coordinator.onDidNavigate { [weak self] event in self?.trace.navigation("did navigate   \(event)") })
    subscriptions.append(
      coordinator.onDiagnostic { [weak self] diagnostic in
        self?.trace.navigation("diagnostic     \(diagnostic)")
      })
    coordinator.coordinate(
      flow: AppFlow(window: window, env: env), with: OneStepper(withSingleStep: AppStep.launchIsRequired))
  }

  /// The flows running now (the app flow and its children).
  public var runningFlows: [any Flow] { coordinator.flows }

  /// Calls `handler` after every change of the screens (for a live terminal to redraw).
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> Subscription {
    window.onChange(handler)
  }

  /// Returns once the asynchronous work started so far (and what it started) has finished.
  public func settle() async {
    await activity.idle()
  }

  /// The current frame: header, modals, content, keys, status.
  public func frame(usesColor: Bool = false) -> String {
    renderer.usesColor = usesColor
    return renderer.render(window: window, status: status, globalKeys: globalKeys)
  }

  // MARK: - Commands

  /// Handles one typed command: a key of the screen (`1`, `s`), a key with text (`t My day`),
  /// or a global key (`b` back, `<` `>` tabs, `?` help, `q` quit).
  public func handle(_ line: String) {
    status = nil
    let top = window.topScreen as? AppScreen
    top?.alert = nil
    let command = line.trimmingSpaces
    guard !command.isEmpty else { return }
    let key = String(command.prefix { !$0.isWhitespace })
    let argument = String(command.dropFirst(key.count)).trimmingSpaces
    guard
      let match = (top?.keys ?? []).first(where: { $0.key == key })
        ?? globalKeys.first(where: { $0.key == key })
    else {
      status = "Unknown key \"\(key)\". Type one of the keys listed above, or ? for help."
      return
    }
    switch (match.argument, argument.isEmpty) {
    case (let name?, true):
      status = "\"\(key)\" needs text after it: \(key) <\(name)>"
    case (nil, false):
      status = "\"\(key)\" takes no text; type \(key) alone."
    default:
      match.run(argument)
    }
  }

  private var globalKeys: [Key] {
    var keys: [Key] = []
    if let back = backAction { keys.append(Key("b", "Back") { _ in back() }) }
    if let tabBar = visibleTabBar, tabBar.viewControllers.count > 1 {
      keys.append(
        Key("<", "Previous tab") { _ in
          tabBar.select(
            (tabBar.selectedIndex + tabBar.viewControllers.count - 1) % tabBar.viewControllers.count)
        })
      keys.append(
        Key(">", "Next tab") { _ in tabBar.select((tabBar.selectedIndex + 1) % tabBar.viewControllers.count) }
      )
    }
    keys.append(Key("?", "Help") { [weak self] _ in self?.showHelp() })
    keys.append(Key("q", "Quit") { [weak self] _ in self?.isFinished = true })
    return keys
  }

  /// The tab bar, if no modal covers it.
  private var visibleTabBar: TabBar? {
    window.visibleScreens.lazy.compactMap { $0 as? TabBar }.first
  }

  /// What back does here, if anything: pop the top navigation stack (UIKit's back button), or
  /// dismiss a sheet (a swipe down); full-screen modals are left by their own keys.
  private var backAction: (@MainActor () -> Void)? {
    guard let top = window.topScreen else { return nil }
    if let stack = top.parent as? NavigationStack, stack.viewControllers.count > 1 {
      return { _ = stack.popViewController() }
    }
    let modal = (top.parent as? NavigationStack) ?? top
    guard let presenter = modal.presentingScreen, modal.modalPresentationStyle.isSheet else { return nil }
    return { presenter.dismiss() }
  }

  private func showHelp() {
    let keys = ((window.topScreen as? AppScreen)?.keys ?? []) + globalKeys
    status =
      "Help: type a key and press Enter; keys with <text> take it after a space (t Lunch with Mina).\n"
      + keys.map { "  \($0.key)\($0.argument.map { " <\($0)>" } ?? "")  \($0.label)" }.joined(separator: "\n")
  }
}
