import ReactorFlow

/// What the headless screen tree reports on `ReactorFlowDiagnostics` instead of crashing when
/// it is asked for something it cannot do: what happened, and how to fix it.
///
/// Tests match a case rather than a substring: `withDiagnostics` (ReactorFlowTesting) returns
/// the diagnostics reported, which compare with `.screenTree(_:)`.
public enum ScreenTreeDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// `popToViewController(_:)` with a screen the stack does not hold.
  case popToMissingScreen(screen: String, stack: String)
  /// `present(_:)` from a screen that is already presenting a modal.
  case alreadyPresenting(presenter: String, presented: String, requested: String)
  /// `select(_:)` with an index the tab bar does not have.
  case noSuchTab(tabBar: String, index: Int, count: Int)
  /// `select(_:)` with a screen that is not one of the tabs.
  case notATab(tabBar: String, screen: String)
  /// `tap()` on a bar button that is not enabled.
  case disabledBarButton(title: String)
  /// `choose(_:)` on an alert with an action it does not have (or one that is disabled).
  case noSuchAlertAction(alert: String, action: String, actions: [String])
  /// `choose(_:)` on an alert that is not presented (never presented, or already gone).
  case alertNotPresented(alert: String, action: String)
  /// `showPage(at:)` with an index the page container does not have.
  case noSuchPage(container: String, index: Int, count: Int)

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
    case .disabledBarButton(let title):
      return """
        The bar button "\(title)" is disabled, so the tap did nothing. Enable it \
        (isEnabled = true) before tapping it.
        """
    case .noSuchAlertAction(let alert, let action, let actions):
      return """
        The alert "\(alert)" has no enabled action "\(action)", so nothing was chosen. Choose \
        one of: \(actions.map { "\"\($0)\"" }.joined(separator: ", ")).
        """
    case .alertNotPresented(let alert, let action):
      return """
        The alert "\(alert)" is not presented, so "\(action)" could not be chosen. Present it \
        (present(_:) or presentAlert(_:)) first.
        """
    case .noSuchPage(let container, let index, let count):
      return """
        PageContainer "\(container)": there is no page \(index) (it has \(count)), so the \
        page shown did not change. Show an index in 0..<\(count).
        """
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}

extension ReactorFlowDiagnostics {
  /// Reports a diagnostic of the screen tree.
  package static func emit(_ diagnostic: ScreenTreeDiagnostic) {
    emit(Diagnostic(diagnostic))
  }
}

extension ReactorFlowDiagnostics.Diagnostic {
  /// A diagnostic of the screen tree: `#expect(diagnostics == [.screenTree(.noSuchTab(…))])`.
  public static func screenTree(_ diagnostic: ScreenTreeDiagnostic) -> Self {
    Self(diagnostic)
  }
}
