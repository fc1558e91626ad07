/// How a modal screen is presented (UIKit's `modalPresentationStyle`). Every style covers the
/// screens below it: they are not visible while it is presented.
public enum ModalStyle: String, Sendable {
  case automatic
  case pageSheet
  case formSheet
  case fullScreen
  case overFullScreen
  case overCurrentContext
}
