import Foundation

// A stand-in for the parts of UIKit that ReactorFlowUIKit uses, so that the adapter compiles and
// its logic is tested where UIKit does not exist (Linux). Signatures and main-actor annotations
// follow Apple's documentation; behaviour follows UIKit's documented callback order. It is a
// test fixture, not a UIKit clone: no drawing, no layout, no events, no animation (every
// transition completes at once, as with `animated: false`).

/// UIKit's `UIResponder`.
@MainActor
open class UIResponder: NSObject {
  /// A responder.
  public override init() {
    super.init()
  }
}

/// UIKit's `UIView`: only the view hierarchy (superview, subviews, window).
@MainActor
open class UIView: UIResponder {
  /// The view containing this one.
  public private(set) weak var superview: UIView?
  /// The views this one contains, back to front.
  public private(set) var subviews: [UIView] = []
  /// Whether the view is hidden.
  open var isHidden = false
  /// The frame (kept, never used).
  open var frame: CGRect

  /// A view with `frame`.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// A view with a zero frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  /// The window the view is in, if any.
  open var window: UIWindow? {
    var node: UIView? = self
    while let current = node {
      if let window = current as? UIWindow { return window }
      node = current.superview
    }
    return nil
  }

  /// The view controller whose view this is (UIKit keeps the same link, privately).
  weak var owningController: UIViewController?

  /// Whether this view is `view` or one of its subviews, at any depth.
  open func isDescendant(of view: UIView) -> Bool {
    var node: UIView? = self
    while let current = node {
      if current === view { return true }
      node = current.superview
    }
    return false
  }

  /// Adds `view` on top of this view's subviews (moving it from its previous superview).
  ///
  /// As in UIKit, a child view controller's appearance callbacks follow its view: when the view
  /// of a child enters the view of a parent that has appeared, the child appears.
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    if let child = view.owningController, let parent = child.parent,
      parent.appearance == .appeared, child.appearance == .disappeared,
      let parentView = parent.viewIfLoaded, view.isDescendant(of: parentView)
    {
      child.beginAppearanceTransition(true, animated: false)
      child.endAppearanceTransition()
    }
  }

  /// Removes this view from its superview. As in UIKit, a child view controller whose view
  /// leaves its appeared parent's view disappears (unless a transition is already under way).
  open func removeFromSuperview() {
    let child = owningController.flatMap { $0.parent?.appearance == .appeared ? $0 : nil }
    let disappears = child?.appearance == .appeared
    if disappears { child?.beginAppearanceTransition(false, animated: false) }
    superview?.subviews.removeAll { $0 === self }
    superview = nil
    if disappears { child?.endAppearanceTransition() }
  }
}

/// UIKit's `UIImage`, only to be named.
public final class UIImage: Sendable {
  /// The SF Symbol name, if the image was created from one.
  public let systemName: String?
  /// An image named by an SF Symbol name (never `nil` in the stand-in).
  public init?(systemName: String) { self.systemName = systemName }
}

/// UIKit's `UITabBarItem`: title and images.
@MainActor
open class UITabBarItem: NSObject {
  /// The title under the icon.
  open var title: String?
  /// The icon.
  open var image: UIImage?
  /// The icon when selected.
  open var selectedImage: UIImage?

  /// An item with a title and images.
  public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
    super.init()
  }

  /// An item with no title or image.
  public override convenience init() {
    self.init(title: nil, image: nil, selectedImage: nil)
  }
}

/// UIKit's `UIModalPresentationStyle`, with UIKit's raw values.
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2
}
