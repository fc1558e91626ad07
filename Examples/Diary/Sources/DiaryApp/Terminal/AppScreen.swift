import ReactorFlow
import ReactorFlowHeadless

/// One action of a screen, offered as a key: `1`, `n`, or a key followed by text (`t Lunch`).
struct Key {
  /// What the user types.
  let key: String
  /// What it does, shown in the key bar.
  let label: String
  /// The text the key expects after it (`title`, `email`), or `nil` if it takes none.
  let argument: String?
  /// Runs the action with the text typed after the key (empty if none).
  let run: @MainActor (String) -> Void
  /// Why the key does nothing now (`nil`: it works): such a key is not shown, and typed, it
  /// says this instead of "Unknown key".
  var unavailableReason: String?
  /// Whether the key leaves every screen (signing out): their unsaved work is kept first.
  var leavesEverything = false

  init(_ key: String, _ label: String, argument: String? = nil, run: @escaping @MainActor (String) -> Void) {
    self.key = key
    self.label = label
    self.argument = argument
    self.run = run
  }

  /// A key that does nothing now, for `reason`.
  static func unavailable(_ key: String, _ label: String, because reason: String) -> Key {
    var key = Key(key, label) { _ in }
    key.unavailableReason = reason
    return key
  }

  /// Whether the key works now (and is shown).
  var isAvailable: Bool { unavailableReason == nil }
}

/// A screen of the demo: content lines (from ``Screen``), the keys it offers, and a one-shot
/// alert (a `@Pulse` of its reactor) shown until the next command.
class AppScreen: Screen {
  private(set) var keys: [Key] = []
  /// The content lines cut to the width rather than wrapped (a list's rows: one row an entry).
  private(set) var cutLines: Set<Int> = []
  /// Whether the screen shows the end of its content first when it does not fit (an editor,
  /// where lines are added).
  var showsEndFirst = false
  /// The alert shown under the content until the next command.
  var alert: String? {
    // Re-assigning the content tells the window to redraw.
    didSet { content = content }
  }

  /// Called with the key of each command typed while the screen is on top, before it runs
  /// (a confirmation or an undo holds until the next key).
  func willHandle(key: String) {}

  /// Replaces what the screen shows.
  func show(_ lines: [String], keys: [Key], cutting cutLines: Set<Int> = []) {
    self.keys = keys
    self.cutLines = cutLines
    content = lines
  }
}

extension AppScreen {
  /// Shows each alert `reactor` pulses at `keyPath` under the content, until the next command.
  func showAlerts<R: Reactor>(of reactor: R, _ keyPath: KeyPath<R.State, Pulse<String?>>) -> AnyDisposable {
    reactor.pulse(keyPath) { [weak self] alert in
      if let alert { self?.alert = alert }
    }
  }

  /// Calls `action` each time the screen becomes visible (UIKit's `viewWillAppear`).
  func onAppear(_ action: @escaping @MainActor () -> Void) -> AnyDisposable {
    onVisibilityChange { isVisible in
      if isVisible { action() }
    }
  }
}
