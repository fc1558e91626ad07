import Foundation
import ReactorFlow
import ReactorFlowHeadless

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
  public let activity: Activity
  /// Where `--trace` lines go.
  public let trace: Trace
  /// The database location (`:memory:` when in memory).
  public var databaseLocation: String { env.database.location }
  /// Set by the quit key.
  public private(set) var isFinished = false
  /// How long after an integrity check a save checks the file again first: a minute.
  public static let defaultIntegrityCheckInterval = Duration.seconds(60)
  /// The size the frame is laid out for.
  public var size = TerminalSize.transcript
  /// The last message of the app itself (an unknown key, help).
  public private(set) var status: String?

  private let env: AppEnvironment
  let coordinator: FlowCoordinator
  private var renderer = FrameRenderer()

  /// Opens the storage and prepares the app; it starts with ``start()``.
  ///
  /// - Parameters:
  ///   - clock: what the launch screen and the auth service wait on.
  ///   - now: what time it is: a new entry is dated today.
  ///   - networkLatency: how long an auth call takes.
  ///   - launchDelay: how long the launch screen stays.
  ///   - busyTimeout: how long a read or a save waits for another program (another diary on
  ///     the same file) to release its lock before failing.
  ///   - integrityCheckInterval: how long after an integrity check of the file a save checks it
  ///     again first (it is also checked after any failed read or write).
  ///   - coordinator: the coordinator of the app's flows (the explorer's, when it explores).
  ///   - replaysEffects: whether the app replays a journal, its effects' operations substituted
  ///     (see ``DiaryJournal``).
  public init(
    storage: Storage, clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    networkLatency: Duration = .milliseconds(400), launchDelay: Duration = .milliseconds(700),
    trace: Trace = Trace(), busyTimeout: Duration = .seconds(5),
    integrityCheckInterval: Duration = DiaryApplication.defaultIntegrityCheckInterval,
    coordinator: FlowCoordinator = FlowCoordinator(), replaysEffects: Bool = false
  ) throws(DatabaseOpenError) {
    self.coordinator = coordinator
    activity = Activity(replaysEffects: replaysEffects)
    let database: DiaryDatabase
    let timeout = Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) * 1e-18
    switch storage {
    case .inMemory: database = DiaryDatabase.inMemory()
    case .file(let path):
      database = try DiaryDatabase.open(
        path: path, busyTimeout: timeout, integrityCheckInterval: integrityCheckInterval)
    case .defaultLocation:
      database = try DiaryDatabase.open(
        path: DiaryDatabase.defaultPath(), busyTimeout: timeout,
        integrityCheckInterval: integrityCheckInterval)
    }
    self.trace = trace
    env = AppEnvironment(
      database: database, clock: clock, now: now, networkLatency: networkLatency, launchDelay: launchDelay,
      activity: activity)
  }

  /// Starts the app flow on the window: the launch screen first.
  public func start() {
    // `--trace` prints what the app records; when nothing records it, it records into a ring
    // buffer of its own, which keeps the last entries only.
    if let tracer = trace.tracer() {
      let recorder = coordinator.recorder ?? JournalRecorder(keepingLast: 1_000)
      if coordinator.recorder == nil { record(into: recorder) }
      recorder.trace(with: tracer)
    }
    coordinator.coordinate(
      flow: AppFlow(window: window, env: env), with: OneStepper(withSingleStep: AppStep.launchIsRequired))
  }

  /// The flows running now (the app flow and its children).
  public var runningFlows: [any Flow] { coordinator.flows }

  /// Calls `handler` after every change of the screens (for a live terminal to redraw).
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable {
    window.onChange(handler)
  }

  /// Returns once the asynchronous work started so far (and what it started) has finished, the
  /// `--trace` lines of what it did written.
  public func settle() async {
    await activity.idle()
    trace.flush()
  }

  /// The current frame: header, modals, content, keys, status.
  public func frame(usesColor: Bool = false) -> String {
    renderer.usesColor = usesColor
    return layout().text
  }

  /// The frame laid out at ``size``, scrolled as the user scrolled the top screen (or the help).
  private func layout() -> FrameRenderer.Layout {
    if scrolledScreen !== window.topScreen {
      scrolledScreen = window.topScreen
      scroll = FrameRenderer.Scroll()
    }
    // The help is about the screen it was asked on: another screen on top closes it.
    if help != nil, helpScreen !== window.topScreen { help = nil }
    return renderer.render(
      window: window, status: status, help: help, globalKeys: globalKeys, size: size,
      scroll: help == nil ? scroll : helpScroll)
  }

  /// The help's lines while it is shown (`?`, until the next key): a page of its own that
  /// covers the screen in a terminal (``FrameRenderer``), under the screen in a transcript.
  private var help: [String]?
  /// The screen the help was asked on.
  private weak var helpScreen: Screen?
  /// Where the help's page is scrolled to.
  private var helpScroll = FrameRenderer.Scroll()
  /// Whether the help is a page that covers the screen (a terminal of so many rows), which `j`
  /// and `k` scroll and `b` closes.
  private var helpIsAPage: Bool { help != nil && size.rows != nil }

  /// The screen ``scroll`` belongs to: another top screen starts unscrolled.
  private weak var scrolledScreen: Screen?
  private var scroll = FrameRenderer.Scroll()

  /// Scrolls the top screen's content (or the help's page) a page down (`by` 1) or up (-1).
  private func scrollContent(by direction: Int) {
    let layout = layout()
    let page = max(1, layout.shownRows - 1)
    let first = min(layout.maxFirst, max(0, layout.firstShown + direction * page))
    let showsEndFirst = !helpIsAPage && (window.topScreen as? AppScreen)?.showsEndFirst == true
    var linesFromAnchor = showsEndFirst ? layout.maxFirst - first : first
    if first == layout.firstShown {
      status =
        layout.maxFirst == 0
        ? "Everything is shown: there is nothing to scroll."
        : direction > 0 ? "This is the end." : "This is the top."
      // At the end (or the top), stay there though the message takes a row from the content:
      // the last (or first) line stays in sight.
      linesFromAnchor = (direction > 0) != showsEndFirst ? Int.max : 0
    }
    if helpIsAPage {
      helpScroll.linesFromAnchor = linesFromAnchor
    } else {
      scroll.linesFromAnchor = linesFromAnchor
    }
  }

  /// How many calls the app made to its services: the auth service (the network), the movie
  /// catalog and the database.
  var serviceCalls: (auth: Int, catalog: Int, database: Int) {
    (env.auth.calls.value, env.movies.calls, env.database.calls)
  }

  /// Whether the diary is kept in memory only (`--in-memory`).
  public var keepsNothing: Bool { env.database.location == ":memory:" }

  /// Whether the hint about arrow keys was given (it is given once).
  private var gaveArrowHint = false

  // MARK: - Commands

  /// Keeps the unsaved work of every screen (an entry being edited is kept as a draft, offered
  /// again on the diary list) and returns what to tell the user. Called when the app ends: `q`,
  /// the end of the input, a signal.
  public func keepUnsavedWork() -> [String] {
    let kept = keepUnsavedWork(of: allScreens)
    guard let failure = kept.failure else { return kept.messages }
    return kept.messages + [
      "Your unsaved entry could not be kept (\(DiaryDatabase.explain(failure))) and is lost."
    ]
  }

  /// Keeps the unsaved work of `screens`: what to tell the user, and why some could not be kept.
  private func keepUnsavedWork(of screens: [Screen]) -> (messages: [String], failure: (any Error)?) {
    var messages: [String] = []
    var failure: (any Error)?
    for case let keeper as KeepsUnsavedWork in screens {
      do {
        if let message = try keeper.keepUnsavedWork() { messages.append(message) }
      } catch {
        failure = error
      }
    }
    return (messages, failure)
  }

  /// Every screen in the window: containers, their children, modals.
  var allScreens: [Screen] {
    var screens: [Screen] = []
    func visit(_ screen: Screen) {
      screens.append(screen)
      for child in screen.children { visit(child) }
      if let modal = screen.presentedScreen { visit(modal) }
    }
    if let root = window.rootViewController { visit(root) }
    return screens
  }

  /// The key whose unsaved work could not be kept: typing it again goes on without it.
  private var keyConfirmingLoss: String?

  /// Runs `leave` (a key leaving the screen, or quitting) once the unsaved work of the screens it
  /// leaves is kept; if it cannot be kept, says so and asks for the key again.
  private func leaving(_ key: String, _ screens: [Screen], then leave: @escaping @MainActor () -> Void) {
    let confirmed = keyConfirmingLoss == key
    keyConfirmingLoss = nil
    var (messages, failure) = keepUnsavedWork(of: screens)
    if let failure {
      guard confirmed else {
        keyConfirmingLoss = key
        status =
          "Your unsaved entry could not be kept as a draft (\(DiaryDatabase.explain(failure))). "
          + "s saves it, or \(key) again leaves without it."
        return
      }
      messages.append("Your unsaved entry was discarded.")
    }
    leave()
    if !messages.isEmpty { status = messages.joined(separator: "\n") }
  }

  /// Shows `message` on the status line (until the next command).
  func show(_ message: String) {
    status = message
  }

  /// Handles one typed command: a key of the screen (`1`, `s`), a key with text (`t My day`),
  /// or a global key (`b` back, `<` `>` tabs, `?` help, `q` quit).
  public func handle(_ line: String) {
    status = nil
    let confirming = keyConfirmingLoss
    defer { if keyConfirmingLoss == confirming { keyConfirmingLoss = nil } }
    let top = window.topScreen as? AppScreen
    top?.alert = nil
    // The terminal sends the arrow keys as escape sequences: no history or line editing here.
    let withoutArrows = line.replacing(Self.arrowKey, with: "")
    var arrowHint: String?
    if withoutArrows != line, !gaveArrowHint {
      gaveArrowHint = true
      arrowHint =
        "Arrow keys do nothing here (no history or line editing); they were ignored. Type a key and press Enter."
    }
    defer { if let arrowHint { status = status.map { $0 + "\n" + arrowHint } ?? arrowHint } }
    let command = withoutArrows.trimmingSpaces
    guard !command.isEmpty else { return }
    let key = String(command.prefix { !$0.isWhitespace })
    let argument = String(command.dropFirst(key.count)).trimmingSpaces
    // On the help's page, j and k scroll it and b closes it; any other key closes it too, and
    // does what it does.
    if helpIsAPage, argument.isEmpty, ["j", "k", "b"].contains(key) {
      if key == "b" { help = nil } else { scrollContent(by: key == "j" ? 1 : -1) }
      return
    }
    help = nil
    top?.willHandle(key: key)
    guard
      let match = (top?.keys ?? []).first(where: { $0.key == key })
        ?? globalKeys.first(where: { $0.key == key })
    else {
      if (key == "j" || key == "k") && argument.isEmpty {
        scrollContent(by: key == "j" ? 1 : -1)
        return
      }
      // `b` works everywhere the help says: where there is nothing to go back to, it says so.
      if key == "b" {
        status = argument.isEmpty ? "Nothing to go back to." : "\"b\" takes no text; type b alone."
        return
      }
      let shown = TerminalText.truncated(TerminalText.sanitized(key), toColumns: 20)
      status = "Unknown key \"\(shown)\". Type one of the keys listed above, or ? for help."
      return
    }
    if let reason = match.unavailableReason {
      status = reason
      return
    }
    switch (match.argument, argument.isEmpty) {
    case (let name?, true):
      status = "\"\(key)\" needs text after it: \(key) <\(name)>"
    case (nil, false):
      status = "\"\(key)\" takes no text; type \(key) alone."
    default:
      if match.leavesEverything {
        leaving(key, allScreens) { match.run(argument) }
      } else {
        match.run(argument)
      }
    }
  }

  /// An arrow key as a terminal sends it (`ESC [ A`, `ESC O D`, with modifiers `ESC [ 1 ; 5 C`).
  nonisolated(unsafe) private static let arrowKey = /\u{1B}(\[[0-9;]*|O)[ABCD]/

  private var globalKeys: [Key] {
    var keys: [Key] = []
    if let back = backAction, let top = window.topScreen {
      keys.append(Key("b", "Back") { [weak self] _ in self?.leaving("b", [top], then: back) })
    }
    if let tabBar = visibleTabBar, tabBar.viewControllers.count > 1 {
      let count = tabBar.viewControllers.count
      keys.append(
        Key("<", "Previous tab") { [weak self] _ in
          self?.userSelects(tab: (tabBar.selectedIndex + count - 1) % count, of: tabBar)
        })
      keys.append(
        Key(">", "Next tab") { [weak self] _ in
          self?.userSelects(tab: (tabBar.selectedIndex + 1) % count, of: tabBar)
        }
      )
    }
    keys.append(Key("?", "Help") { [weak self] _ in self?.showHelp() })
    keys.append(
      Key("q", "Quit") { [weak self] _ in
        guard let self else { return }
        self.leaving("q", self.allScreens) { [weak self] in self?.isFinished = true }
      })
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
    // Each is the user's gesture on the window (recorded when the app records a session).
    if let stack = top.parent as? NavigationStack, stack.viewControllers.count > 1 {
      return { [weak self] in
        self?.window.userGestured(.back)
        _ = stack.popViewController()
      }
    }
    let modal = (top.parent as? NavigationStack) ?? top
    guard let presenter = modal.presentingScreen, modal.modalPresentationStyle.isSheet else { return nil }
    return { [weak self] in
      self?.window.userGestured(.swipeDown)
      presenter.dismiss()
    }
  }

  /// Selects the tab at `index`, as the user's gesture on the window (the app has one tab bar).
  private func userSelects(tab index: Int, of tabBar: TabBar) {
    window.userGestured(.selectTab(index))
    tabBar.select(index)
  }

  /// Shows the help: a line on keys, then the keys of the screen and the global ones, one a line.
  private func showHelp() {
    let keys = ((window.topScreen as? AppScreen)?.keys ?? []).filter(\.isAvailable) + globalKeys
    help =
      ["Help: type a key and press Enter; keys with <text> take it after a space (t Lunch with Mina)."]
      + keys.map { "  \($0.key)\($0.argument.map { " <\($0)>" } ?? "")  \($0.label)" }
    helpScreen = window.topScreen
    helpScroll = FrameRenderer.Scroll()
  }
}
