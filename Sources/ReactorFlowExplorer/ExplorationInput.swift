import ReactorFlow

/// One input of an exploration: a step broadcast to every flow, a gesture of the user on the
/// screen tree, or an action a screen offers.
public enum ExplorationInput: Hashable, Sendable, CustomStringConvertible {
  /// `navigate(to:)` with the step labelled so in ``Exploration/steps``.
  case step(String)
  /// The back button: pops the top navigation stack.
  case back
  /// Swipes the top sheet down.
  case swipeDown
  /// Selects the visible tab with this title.
  case selectTab(String)
  /// The user action with this name (``UserAction``).
  case action(String)

  /// How the map and the progress lines name it.
  public var description: String {
    switch self {
    case .step(let label): return "navigate(to: \(label))"
    case .back: return "back"
    case .swipeDown: return "swipe down"
    case .selectTab(let title): return "tab \(title)"
    case .action(let name): return name
    }
  }

  /// Whether the user does it in the app (a step broadcast is a deep link or a notification).
  public var isUserInput: Bool {
    if case .step = self { return false }
    return true
  }
}

/// A step the exploration broadcasts (`navigate(to:)`) from every state: a deep link, a push
/// notification.
public struct ExplorationStep {
  /// The step.
  public let step: any Step
  /// How the map names it (default: the step's description).
  public let label: String
  /// The step as Swift code in a reproduction script (default: `String(reflecting: step)`,
  /// which is valid code for most enum steps).
  public let code: String

  /// A step to broadcast, named `label` on the map and written `code` in scripts.
  public init(_ step: any Step, label: String? = nil, code: String? = nil) {
    self.step = step
    self.label = label ?? String(describing: step)
    self.code = code ?? String(reflecting: step)
  }
}
