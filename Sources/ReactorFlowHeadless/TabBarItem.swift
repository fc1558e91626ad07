import ReactorFlow

/// A headless `UITabBarItem`: what a tab bar shows for a screen (``Screen/tabBarItem``).
public struct TabBarItem: Sendable, Equatable {
  /// The title shown under the tab; when `nil`, the tab shows no title.
  public var title: String?
  /// The name of the image shown on the tab, if any.
  public var image: String?
  /// The name of the image shown when the tab is selected, if any.
  public var selectedImage: String?
  /// A number the app uses to tell items apart.
  public var tag: Int

  /// An item with a title and image names (UIKit's `init(title:image:selectedImage:)`).
  public init(title: String?, image: String? = nil, selectedImage: String? = nil) {
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
    self.tag = 0
  }

  /// An item with a title, an image name and a tag (UIKit's `init(title:image:tag:)`).
  public init(title: String?, image: String?, tag: Int) {
    self.title = title
    self.image = image
    self.selectedImage = nil
    self.tag = tag
  }
}
