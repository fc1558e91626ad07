import Foundation

/// SwiftUI's `EmptyView`: a view that displays nothing.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EmptyView: _StandInPrimitiveView {
  /// Creates an empty view.
  nonisolated public init() {}
}

/// SwiftUI's `AnyView`: a type-erased view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct AnyView: _StandInPrimitiveView {
  /// Erases `view`'s type.
  nonisolated public init<V: View>(_ view: V) {}
}

/// SwiftUI's `Text`: a view that displays one or more lines of read-only text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Text: _StandInPrimitiveView {
  /// Creates a text view that displays a string.
  nonisolated public init<S: StringProtocol>(_ content: S) {}
  /// Creates a text view that displays a string without localising it.
  nonisolated public init(verbatim content: String) {}
}

/// SwiftUI's `TextField`: a control that displays an editable text interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct TextField<Label: View>: _StandInPrimitiveView {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TextField where Label == Text {
  /// Creates a text field with a text label generated from a title string.
  nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// SwiftUI's `Button`: a control that initiates an action.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Button<Label: View>: _StandInPrimitiveView {
  /// Creates a button that displays a custom label.
  nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
  /// Creates a button that generates its label from a string.
  nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

/// SwiftUI's `Toggle`: a control that toggles between on and off states.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Toggle<Label: View>: _StandInPrimitiveView {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Toggle where Label == Text {
  /// Creates a toggle that generates its label from a string.
  nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

/// SwiftUI's `HorizontalAlignment`: an alignment position along the horizontal axis.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct HorizontalAlignment: Equatable, Sendable {
  private let id: Int
  /// Leading edge.
  public static let leading = HorizontalAlignment(id: 0)
  /// Centre.
  public static let center = HorizontalAlignment(id: 1)
  /// Trailing edge.
  public static let trailing = HorizontalAlignment(id: 2)
}

/// SwiftUI's `VStack`: a view that arranges its subviews in a vertical line.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct VStack<Content: View>: _StandInPrimitiveView {
  /// Creates a vertical stack.
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
}

/// SwiftUI's `ForEach`: a structure that computes views on demand from a collection of
/// identified data.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View, _StandInPrimitiveView where Content: View {
  /// Creates an instance that computes views from a collection of identifiable data.
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable {}

  /// Creates an instance that identifies the data by the key path `id`.
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

/// SwiftUI's `NavigationPath`: a type-erased list of data representing the content of a
/// navigation stack.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
  /// The number of elements.
  public var count: Int { elements.count }
  private var elements: [AnyHashable] = []
  /// Creates an empty path.
  nonisolated public init() {}
}

/// SwiftUI's `NavigationStack`: a view that displays a root view and enables you to present
/// additional views over it.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root: View>: _StandInPrimitiveView {

  /// Creates a navigation stack that manages its own navigation state.
  nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

  /// Creates a navigation stack with homogeneous navigation state that you can control.
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
}

/// SwiftUI's `TabView`: a view that switches between child views using interactive user
/// interface elements.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
public struct TabView<SelectionValue: Hashable, Content: View>: _StandInPrimitiveView {
  /// Creates a tab view that uses a binding to a selection value.
  nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

/// SwiftUI's `Stepper`: a control that performs increment and decrement actions.
@available(iOS 13.0, macOS 10.15, watchOS 9.0, *)
@available(tvOS, unavailable)
public struct Stepper<Label: View>: _StandInPrimitiveView {
  /// Creates a stepper that increments or decrements a binding to a strideable value.
  nonisolated public init<V: Strideable>(
    value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {}
}
