import Foundation

/// UIKit's `UIScene` (only to be named by a scene delegate).
@MainActor
open class UIScene: UIResponder {
  /// UIKit's `UIScene.ConnectionOptions` (no options in the stand-in).
  public final class ConnectionOptions: Sendable {
    /// No options.
    public init() {}
  }
}

/// UIKit's `UIWindowScene`.
@MainActor
open class UIWindowScene: UIScene {
  /// The windows created for this scene.
  public private(set) var windows: [UIWindow] = []

  func add(_ window: UIWindow) { windows.append(window) }
}

/// UIKit's `UISceneSession` (only to be named).
@MainActor
open class UISceneSession: NSObject {}

/// UIKit's `UISceneDelegate`.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
}

/// UIKit's `UIWindowSceneDelegate`.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

/// UIKit's `UIWindow`: holds the root view controller; appearance callbacks start when it is
/// made key and visible, as on iOS.
@MainActor
open class UIWindow: UIView {
  /// The scene the window belongs to.
  public private(set) weak var windowScene: UIWindowScene?
  /// Whether this is the key window.
  public private(set) var isKeyWindow = false

  /// A hidden window with `frame`.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isHidden = true
  }

  /// A hidden window in `windowScene`.
  public init(windowScene: UIWindowScene) {
    super.init(frame: .zero)
    isHidden = true
    self.windowScene = windowScene
    windowScene.add(self)
  }

  /// The root view controller. Replacing it removes the old one's view (it disappears) and
  /// shows the new one's (it appears) if the window is visible.
  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      let visible = !isHidden
      if let oldValue {
        if visible { oldValue.beginAppearanceTransition(false, animated: false) }
        oldValue.viewIfLoaded?.removeFromSuperview()
        if visible { oldValue.endAppearanceTransition() }
      }
      if let root = rootViewController {
        if visible { root.beginAppearanceTransition(true, animated: false) }
        addSubview(root.view)
        if visible { root.endAppearanceTransition() }
      }
    }
  }

  /// Shows the window and makes it key: the root view controller appears.
  open func makeKeyAndVisible() {
    isKeyWindow = true
    guard isHidden else { return }
    isHidden = false
    if let root = rootViewController {
      root.beginAppearanceTransition(true, animated: false)
      root.endAppearanceTransition()
    }
  }
}
