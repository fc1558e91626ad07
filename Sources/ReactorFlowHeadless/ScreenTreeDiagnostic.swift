import ReactorFlow

/// What the headless screen tree reports on `ReactorFlowDiagnostics` instead of crashing when
/// it is asked for something it cannot do: what happened, and how to fix it.
///
/// Tests can match a case rather than a substring: compare the reported text with the case's
/// ``message``.
public enum ScreenTreeDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// `popToViewController(_:)` with a screen the stack does not hold.
  case popToMissingScreen(screen: String, stack: String)
  /// `present(_:)` from a screen that is already presenting a modal.
  case alreadyPresenting(presenter: String, presented: String, requested: String)
  /// `select(_:)` with an index the tab bar does not have.
  case noSuchTab(tabBar: String, index: Int, count: Int)
  /// `select(_:)` with a screen that is not one of the tabs.
  case notATab(tabBar: String, screen: String)

  /// The text reported: what happened and how to fix it.
  public var message: String {
    switch self {
    case .popToMissingScreen(let screen, let stack):
      return """
        popToViewController: "\(screen)" is not in the stack "\(stack)", so nothing was \
        popped. Pop to a screen the stack holds (viewControllers).
        """
    case .alreadyPresenting(let presenter, let presented, let requested):
      return """
        "\(presenter)" is already presenting "\(presented)", so presenting \
        "\(requested)" was ignored. Dismiss the current modal first, or present from the \
        modal ("\(presented)").
        """
    case .noSuchTab(let tabBar, let index, let count):
      return """
        TabBar "\(tabBar)": there is no tab \(index) (it has \(count)), so the \
        selection did not change. Select an index in 0..<\(count).
        """
    case .notATab(let tabBar, let screen):
      return """
        TabBar "\(tabBar)": "\(screen)" is not one of its tabs, so the selection did not \
        change. Select one of viewControllers.
        """
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}

extension ReactorFlowDiagnostics {
  /// Reports a diagnostic of the screen tree.
  package static func emit(_ diagnostic: ScreenTreeDiagnostic) {
    emit(diagnostic.message)
  }
}
