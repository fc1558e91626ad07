// The view modifiers ReactorFlowSwiftUI and its examples use, with Apple's signatures. The real
// ones return opaque `some View` types; the stand-in's wrap the view and render nothing.

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Presents a sheet using the given item as a data source for the sheet's content.
  nonisolated public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    _StandInModified(self)
  }

  /// Presents a modal view that covers as much of the screen as possible, using the given item
  /// as a data source for its content.
  @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    _StandInModified(self)
  }

  /// Presents an alert with a message when a given condition is true, using data to produce
  /// the alert's content.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func alert<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
    @ViewBuilder message: (T) -> M
  ) -> some View {
    _StandInModified(self)
  }

  /// Associates a destination view with a presented data type for use within a navigation
  /// stack.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View {
    _StandInModified(self)
  }

  /// Configures the view's title for purposes of navigation, using a string.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    _StandInModified(self)
  }

  /// Sets the unique tag value of this view (a tab's selection value).
  nonisolated public func tag<V: Hashable>(_ tag: V) -> some View {
    _StandInModified(self)
  }

  /// Sets the tab bar item associated with this view.
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
  nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    _StandInModified(self)
  }

  /// Adds an action to perform before this view appears.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    _StandInModified(self)
  }

  /// Adds an action to perform after this view disappears.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    _StandInModified(self)
  }
}
