#if canImport(SwiftUI)
  import ReactorFlow
  import SwiftUI

  /// A reactor a SwiftUI view owns: made once, the first time the view's body reads it, and
  /// released with the view (SwiftUI keeps it in the view's state, across the many times the
  /// view's struct is made again).
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   @OwnedReactor var reactor = CounterReactor()
  ///
  ///   var body: some View {
  ///     Button("\(reactor[\.value])") { reactor.send(.increase) }
  ///   }
  /// }
  /// ```
  ///
  /// A view that is handed its reactor (by a flow, or a parent view) stores it as a plain `let`:
  /// `reactor[\.field]` tracks what its body reads either way.
  @MainActor
  @propertyWrapper
  public struct OwnedReactor<R: Reactor>: DynamicProperty {
    @State private var holder: ReactorHolder<R>

    /// Owns the reactor `make` returns; it is evaluated once for the view's lifetime.
    public init(wrappedValue make: @autoclosure @escaping @MainActor () -> R) {
      _holder = State(wrappedValue: ReactorHolder(make))
    }

    /// The reactor (made on first read).
    public var wrappedValue: R { holder.reactor }
  }
#endif
