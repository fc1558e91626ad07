/// SwiftUI's `App`: a type that represents the structure and behaviour of an app.
///
/// Stand-in: the real protocol's `main()` runs the app; this one only type-checks.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
  /// The type of scene representing the content of the app.
  associatedtype Body: Scene
  /// The content and behaviour of the app.
  @MainActor @preconcurrency var body: Body { get }
  /// Creates an instance of the app using the body that you define for its content.
  @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
  /// Initializes and runs the app.
  @MainActor @preconcurrency public static func main() {
    fatalError("SwiftUI stand-in: an app cannot run")
  }
}

/// SwiftUI's `WindowGroup`: a scene that presents a group of identically structured windows.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content: View>: Scene {
  /// A primitive scene has no body.
  public typealias Body = Never
  /// Creates a window group.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  /// A primitive scene has no body.
  public var body: Never { fatalError("SwiftUI stand-in: a primitive scene has no body") }
}
