import ReactorFlow

/// An action of an ``AlertScreen``: a headless `UIAlertAction`.
@MainActor
public final class AlertAction {
  /// UIKit's `UIAlertAction.Style`.
  public enum Style: Sendable, Equatable {
    /// An ordinary choice.
    case `default`
    /// The choice that changes nothing (drawn apart).
    case cancel
    /// A choice that destroys data (drawn in red).
    case destructive
  }

  /// The text of the button.
  public let title: String?
  /// The style.
  public let style: Style
  /// Whether the action can be chosen; choosing a disabled one is reported and ignored.
  public var isEnabled = true
  /// Runs, with the action, after the alert was dismissed by choosing it.
  let handler: (@MainActor (AlertAction) -> Void)?

  /// An action (UIKit's `init(title:style:handler:)`): `handler` runs once the alert was
  /// dismissed by choosing it.
  public init(title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// A headless `UIAlertController`: a modal screen with a message and actions, one of which the
/// user chooses — in a test, ``choose(_:)``. Choosing dismisses the alert, then runs the action's
/// handler; a presenter that awaits ``Screen/presentAlert(_:animated:)`` gets the action.
///
/// ```swift
/// let window = Window()
/// let notes = Screen(title: "Notes")
/// window.rootViewController = notes
/// let alert = AlertScreen(title: "Delete the note?", message: nil, preferredStyle: .alert)
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(AlertAction(title: "Delete", style: .destructive))
/// Task {
///   let chosen = await notes.presentAlert(alert)
///   print(chosen?.title ?? "dismissed without a choice")
/// }
/// // In a test, once the alert is presented:
/// alert.choose("Delete")
/// ```
///
/// It is shown over its presenter, which stays in view (``ModalStyle/overFullScreen``); the
/// rendered tree shows it as `alert`, with its message and its actions in brackets.
@MainActor
public final class AlertScreen: Screen {
  /// UIKit's `UIAlertController.Style`.
  public enum Style: Sendable, Equatable {
    /// An action sheet, from the bottom of the screen.
    case actionSheet
    /// An alert, in the middle of the screen.
    case alert
  }

  /// The alert's style.
  public let preferredStyle: Style
  /// The text under the title.
  public var message: String? {
    didSet { updateContent() }
  }
  /// The actions, in the order they were added.
  public private(set) var actions: [AlertAction] = []
  /// The action drawn as the default one, if any.
  public var preferredAction: AlertAction?
  /// The action chosen, once one is.
  public private(set) var chosenAction: AlertAction?
  /// Told once, with the chosen action or `nil` when the alert left without a choice.
  private var outcomeHandlers: [@MainActor (AlertAction?) -> Void] = []
  private var outcomeReported = false
  private var dismissal: AnyDisposable?

  /// An alert (UIKit's `init(title:message:preferredStyle:)`).
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init(title: title ?? "")
    modalPresentationStyle = .overFullScreen
    updateContent()
    dismissal = onDismissed { [weak self] in
      // Dismissed by choosing: the outcome is reported after the action's handler.
      guard let self, chosenAction == nil else { return }
      reportOutcome(nil)
    }
  }

  /// `"alert"` in the rendered tree.
  public override var kind: String { "alert" }

  /// Adds an action (UIKit's `addAction(_:)`).
  public func addAction(_ action: AlertAction) {
    actions.append(action)
    updateContent()
  }

  /// Chooses the action titled `title`, as the user would tap it: the alert is dismissed, then
  /// the action's handler runs, then a presenter awaiting ``Screen/presentAlert(_:animated:)``
  /// gets the action. Returns the action; `nil` — reported, nothing chosen — when no enabled
  /// action has that title or the alert is not presented.
  @discardableResult
  public func choose(_ title: String) -> AlertAction? {
    guard let action = actions.first(where: { $0.title == title && $0.isEnabled }) else {
      ReactorFlowDiagnostics.emit(
        .noSuchAlertAction(
          alert: self.title, action: title, actions: actions.filter(\.isEnabled).map { $0.title ?? "" }))
      return nil
    }
    guard presentingScreen != nil, chosenAction == nil, !isDismissed else {
      ReactorFlowDiagnostics.emit(.alertNotPresented(alert: self.title, action: title))
      return nil
    }
    chosenAction = action
    dismiss(animated: true) { [weak self] in
      action.handler?(action)
      self?.reportOutcome(action)
    }
    return action
  }

  /// Calls `handler` once, with the chosen action, or `nil` when the alert leaves without a
  /// choice (its presenter dismissed it, or it left the tree with it); at once if that happened.
  func onOutcome(_ handler: @escaping @MainActor (AlertAction?) -> Void) {
    if outcomeReported {
      handler(chosenAction)
      return
    }
    outcomeHandlers.append(handler)
  }

  private func reportOutcome(_ action: AlertAction?) {
    guard !outcomeReported else { return }
    outcomeReported = true
    dismissal = nil
    let handlers = outcomeHandlers
    outcomeHandlers = []
    for handler in handlers { handler(action) }
  }

  private func updateContent() {
    var lines = message.map { [$0] } ?? []
    if !actions.isEmpty { lines.append(actions.map { "[\($0.title ?? "")]" }.joined(separator: " ")) }
    content = lines
  }
}

extension Screen {
  /// Presents `alert` and returns the action the user chooses (after the alert was dismissed
  /// and the action's handler ran), or `nil` when the alert leaves without a choice — its
  /// presenter dismissed it, or it could not be presented (this screen already presents a
  /// modal: reported, as ``present(_:animated:completion:)`` does).
  ///
  /// ```swift
  /// let notes = Screen(title: "Notes")
  /// let alert = AlertScreen(title: "Discard changes?", message: nil, preferredStyle: .actionSheet)
  /// alert.addAction(AlertAction(title: "Discard", style: .destructive))
  /// alert.addAction(AlertAction(title: "Keep editing", style: .cancel))
  /// Task {
  ///   if await notes.presentAlert(alert)?.style == .destructive { print("discarded") }
  /// }
  /// ```
  public func presentAlert(_ alert: AlertScreen, animated: Bool = true) async -> AlertAction? {
    present(alert, animated: animated)
    guard alert.presentingScreen != nil || alert.chosenAction != nil else { return nil }
    return await withCheckedContinuation { continuation in
      alert.onOutcome { continuation.resume(returning: $0) }
    }
  }
}
