/// SwiftUI's `ViewBuilder`: a result builder that constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
  /// An empty block.
  public static func buildBlock() -> EmptyView { EmptyView() }
  /// A block of one view.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  /// A block of several views.
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > {
    TupleView((repeat each content))
  }
  /// One view expression.
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  /// An `if` without `else`.
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(storage: .trueContent(first))
  }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(storage: .falseContent(second))
  }
  /// An `if #available` block.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

/// The result of an `if`/`else` in a view builder.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _StandInPrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  nonisolated init(storage: Storage) {}
}

/// Several views built by one block.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct TupleView<T>: _StandInPrimitiveView {
  /// The views.
  nonisolated(unsafe) public var value: T
  /// Creates the tuple view.
  nonisolated public init(_ value: T) { self.value = value }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
  /// A primitive view has no body.
  public typealias Body = Never
  /// A primitive view has no body.
  public var body: Never { fatalError("SwiftUI stand-in: a primitive view has no body") }
}
