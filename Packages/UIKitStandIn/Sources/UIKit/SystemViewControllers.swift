import Foundation

// The system view controllers whose view hierarchy UIKit documents as private ("must not be
// modified"), only to be named: the adapter never adds an observer child to them.

/// UIKit's `UIAlertController`.
@MainActor
open class UIAlertController: UIViewController {
  /// UIKit's `UIAlertController.Style`.
  public enum Style: Int, Sendable {
    case actionSheet = 0
    case alert = 1
  }

  /// The alert's style.
  public private(set) var preferredStyle = Style.alert

  /// An alert with a title, a message and a style.
  public convenience init(title: String?, message: String?, preferredStyle: Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.preferredStyle = preferredStyle
  }
}

/// UIKit's `UIImagePickerController` (a navigation controller whose stack is private).
@MainActor
open class UIImagePickerController: UINavigationController {}

/// UIKit's `UIVideoEditorController` (a navigation controller whose stack is private).
@MainActor
open class UIVideoEditorController: UINavigationController {}

/// UIKit's `UIDocumentPickerViewController`.
@MainActor
open class UIDocumentPickerViewController: UIViewController {}

/// UIKit's `UIActivityViewController`.
@MainActor
open class UIActivityViewController: UIViewController {}

/// UIKit's `UIColorPickerViewController`.
@MainActor
open class UIColorPickerViewController: UIViewController {}

/// UIKit's `UIFontPickerViewController`.
@MainActor
open class UIFontPickerViewController: UIViewController {}
