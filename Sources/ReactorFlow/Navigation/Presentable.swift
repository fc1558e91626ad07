/// Something that can be shown: a screen, a container, a window, a flow (through its root).
///
/// The coordinator reads two signals from it: whether it is visible (steps from a hidden
/// presentable follow the contributor's ``HiddenStepPolicy``) and when it is dismissed (what it
/// contributed is then released).
@MainActor
public protocol Presentable: AnyObject, Sendable {
  /// Whether it is on screen now.
  var isVisible: Bool { get }
  /// Whether it has left the screen tree for good.
  var isDismissed: Bool { get }
  /// Calls `handler` on every change of ``isVisible`` (not with the current value).
  func onVisibilityChange(_ handler: @escaping @MainActor (Bool) -> Void) -> AnyDisposable
  /// Calls `handler` once, when it is dismissed (at once if it already is).
  func onDismissed(_ handler: @escaping @MainActor () -> Void) -> AnyDisposable
}
