/// SwiftUI's `View`: a type that describes part of an app's user interface.
///
/// Stand-in: the real protocol renders its `body`; this one only type-checks.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
  /// The type of view representing the body of this view.
  associatedtype Body: View
  /// The content and behaviour of the view.
  @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
  /// A primitive view has no body.
  public typealias Body = Never
  /// A primitive view has no body.
  public var body: Never { fatalError("SwiftUI stand-in: a primitive view has no body") }
}

/// A view the stand-in uses for primitive views and for what modifiers return: it has no body.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol _StandInPrimitiveView: View where Body == Never {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _StandInPrimitiveView {
  /// A primitive view has no body.
  public var body: Never { fatalError("SwiftUI stand-in: a primitive view has no body") }
}

/// What the stand-in's modifiers return (the real ones return opaque `some View` types).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _StandInModified<Content: View>: _StandInPrimitiveView {
  nonisolated init(_ content: Content) {}
}

/// SwiftUI's `Scene`: a part of an app's user interface with a life cycle managed by the system.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
  /// The type of scene representing the body of this scene.
  associatedtype Body: Scene
  /// The content and behaviour of the scene.
  @MainActor @preconcurrency var body: Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

/// SwiftUI's `Window`: a scene that presents its content in a single, unique window (macOS).
/// Declared because its name is also the headless screen tree's.
@available(macOS 13.0, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct Window<Content: View>: Scene {
  /// A primitive scene has no body.
  public typealias Body = Never
  /// Creates a window with a title and an identifier.
  nonisolated public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {}
  /// A primitive scene has no body.
  public var body: Never { fatalError("SwiftUI stand-in: a primitive scene has no body") }
}
