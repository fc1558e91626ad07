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

  init(_ key: String, _ label: String, argument: String? = nil, run: @escaping @MainActor (String) -> Void) {
    self.key = key
    self.label = label
    self.argument = argument
    self.run = run
  }
}

/// A screen of the demo: content lines (from ``Screen``), the keys it offers, and a one-shot
/// alert (a `@Pulse` of its reactor) shown until the next command.
class AppScreen: Screen {
  private(set) var keys: [Key] = []
  /// The alert shown under the content until the next command.
  var alert: String? {
    // Re-assigning the content tells the window to redraw.
    didSet { content = content }
  }

  /// Replaces what the screen shows.
  func show(_ lines: [String], keys: [Key]) {
    self.keys = keys
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
