import ReactorFlow

/// Where a screen is in its appearance transitions — UIKit's four states. The window moves a
/// screen through them and calls the lifecycle method of each move; a move that would repeat the
/// current state is skipped, so no callback is ever called twice in a row.
enum ScreenAppearance {
  case disappeared, appearing, appeared, disappearing

  /// Moves to `appearing`; `false` (no move) when already appearing or appeared.
  mutating func beginAppearing() -> Bool {
    guard self == .disappeared || self == .disappearing else { return false }
    self = .appearing
    return true
  }

  /// Moves to `disappearing`; `false` (no move) when already disappearing or disappeared.
  mutating func beginDisappearing() -> Bool {
    guard self == .appeared || self == .appearing else { return false }
    self = .disappearing
    return true
  }

  /// Ends the transition begun; returns the state before (`nil` when none was begun).
  mutating func end() -> ScreenAppearance? {
    switch self {
    case .appearing:
      self = .appeared
      return .appearing
    case .disappearing:
      self = .disappeared
      return .disappearing
    case .appeared, .disappeared:
      return nil
    }
  }
}

/// What kind of change of the tree a window pass applies, which decides the order of the
/// appearance callbacks (UIKit's, see <doc:ScreenLifecycle>).
struct ScreenTransition {
  /// A modal presentation or dismissal: the screens coming into view finish appearing before
  /// the ones going out of view finish disappearing. Otherwise (a container's change: push, pop,
  /// set, tab switch, new window root) the ones going out finish first.
  var isModal: Bool
  /// Passed to the callbacks.
  var animated: Bool

  /// A change of a container without animation (a window root, an assignment of
  /// `viewControllers`).
  static let immediate = ScreenTransition(isModal: false, animated: false)
}

extension ModalStyle {
  /// Whether presenting in this style takes the screens below out of view (they get
  /// `viewWillDisappear`): only `.fullScreen`, as in UIKit — sheets and the `over…` styles leave
  /// them in view (they are covered: not visible, but they do not disappear).
  var hidesPresenter: Bool { self == .fullScreen }
}
