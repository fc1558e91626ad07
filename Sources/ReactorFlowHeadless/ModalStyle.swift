import ReactorFlow

/// How a modal screen is presented (UIKit's `modalPresentationStyle`). Every style covers the
/// screens below it: they are not visible while it is presented.
public enum ModalStyle: String, Sendable {
  /// UIKit's `.automatic`, the default (a page sheet since iOS 13).
  case automatic
  /// UIKit's `.pageSheet`: a sheet the user can swipe down.
  case pageSheet
  /// UIKit's `.formSheet`: a smaller sheet the user can swipe down.
  case formSheet
  /// UIKit's `.fullScreen`: covers the whole screen and removes the presenter from view.
  case fullScreen
  /// UIKit's `.overFullScreen`: covers the whole screen, drawn over the presenter.
  case overFullScreen
  /// UIKit's `.overCurrentContext`: covers the presenter's area, drawn over it.
  case overCurrentContext
}
