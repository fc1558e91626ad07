import Foundation

// UIKit types the stand-in only declares, with UIKit's cases and raw values, so that packages
// that name them when UIKit can be imported (swift-custom-dump describes their values) compile
// against the stand-in when it is the module named UIKit.

/// UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
  case unspecified = 0
  case light = 1
  case dark = 2
}

/// UIKit's `UIGestureRecognizer` (only its state).
@MainActor
open class UIGestureRecognizer: NSObject {
  /// UIKit's `UIGestureRecognizer.State`.
  public enum State: Int, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5
  }
}

/// UIKit's `UIScrollView` (only its inset adjustment behaviour).
@MainActor
open class UIScrollView: UIView {
  /// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`.
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic = 0
    case scrollableAxes = 1
    case never = 2
    case always = 3
  }
}

/// UIKit's `UIControl` (only its state).
@MainActor
open class UIControl: UIView {
  /// UIKit's `UIControl.State`.
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    /// A state with `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No state.
    public static let normal = State([])
    /// Highlighted.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Disabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
    /// Focused.
    public static let focused = State(rawValue: 1 << 3)
    /// Available to applications.
    public static let application = State(rawValue: 0x00FF_0000)
    /// Reserved for UIKit.
    public static let reserved = State(rawValue: 0xFF00_0000)
  }
}

/// UIKit's `UISplitViewController` (only its nested types: the adapter treats it as a custom
/// container, and the stand-in does not lay out columns).
@MainActor
open class UISplitViewController: UIViewController {
  /// UIKit's `UISplitViewController.DisplayMode`.
  public enum DisplayMode: Int, Sendable {
    case automatic = 0
    case secondaryOnly = 1
    case oneBesideSecondary = 2
    case oneOverSecondary = 3
    case twoBesideSecondary = 4
    case twoOverSecondary = 5
    case twoDisplaceSecondary = 6
  }

  /// UIKit's `UISplitViewController.DisplayModeButtonVisibility`.
  public enum DisplayModeButtonVisibility: Int, Sendable {
    case automatic = 0
    case never = 1
    case always = 2
  }

  /// UIKit's `UISplitViewController.SplitBehavior`.
  public enum SplitBehavior: Int, Sendable {
    case automatic = 0
    case tile = 1
    case overlay = 2
    case displace = 3
  }

  /// UIKit's `UISplitViewController.Column`.
  public enum Column: Int, Sendable {
    case primary = 0
    case supplementary = 1
    case secondary = 2
    case compact = 3
    case inspector = 4
  }

  /// UIKit's `UISplitViewController.Style`.
  public enum Style: Int, Sendable {
    case unspecified = 0
    case doubleColumn = 1
    case tripleColumn = 2
  }

  /// UIKit's `UISplitViewController.PrimaryEdge`.
  public enum PrimaryEdge: Int, Sendable {
    case leading = 0
    case trailing = 1
  }

  /// UIKit's `UISplitViewController.BackgroundStyle`.
  public enum BackgroundStyle: Int, Sendable {
    case none = 0
    case sidebar = 1
  }

  /// UIKit's `UISplitViewController.LayoutEnvironment`.
  public enum LayoutEnvironment: Int, Sendable {
    case none = 0
    case expanded = 1
    case collapsed = 2
  }
}
