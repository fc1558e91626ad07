#if canImport(SwiftUI)
  import ReactorFlow
  import SwiftUI

  extension View {
    /// Shows an alert once for each pulse of the reactor's `@Pulse` at `pulse` that has a value
    /// (a one-shot event: dismissing it handles the pulse; a redraw never shows it again, and a
    /// pulse from before the view appeared is not shown).
    ///
    /// ```swift
    /// struct ProfileView: View {
    ///   let reactor: ProfileReactor
    ///
    ///   var body: some View {
    ///     Text("Profile")
    ///       .alert("Error", reactor: reactor, pulse: \.$alertMessage) { _ in
    ///         Button("OK") {}
    ///       } message: { Text($0) }
    ///   }
    /// }
    /// ```
    @MainActor
    public func alert<R: Reactor, Value, Actions: View, Message: View>(
      _ title: String, reactor: R, pulse: KeyPath<R.State, Pulse<Value?>>,
      @ViewBuilder actions: @escaping (Value) -> Actions,
      @ViewBuilder message: @escaping (Value) -> Message
    ) -> some View {
      PulseAlert(
        content: self, title: title, reactor: reactor, pulse: pulse, actions: actions, message: message)
    }

    /// Shows a sheet once for each pulse of the reactor's `@Pulse` at `pulse` that has a value;
    /// dismissing the sheet handles the pulse.
    @MainActor
    public func sheet<R: Reactor, Item: Identifiable, Content: View>(
      reactor: R, pulse: KeyPath<R.State, Pulse<Item?>>, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
      PulseSheet(base: self, reactor: reactor, pulse: pulse, content: content)
    }
  }

  /// A view that shows an alert for each pulse (see `View.alert(_:reactor:pulse:actions:message:)`).
  struct PulseAlert<Content: View, R: Reactor, Value, Actions: View, Message: View>: View {
    let content: Content
    let title: String
    let reactor: R
    let pulse: KeyPath<R.State, Pulse<Value?>>
    let actions: (Value) -> Actions
    let message: (Value) -> Message
    @State private var handling = PulseHandling()

    var body: some View {
      let presenting = reactor.pulseBinding(pulse, handledBy: handling)
      let value = presenting.value
      content.alert(
        title,
        isPresented: Binding(get: { value != nil }, set: { if !$0 { presenting.value = nil } }),
        presenting: value, actions: actions, message: message)
    }
  }

  /// A view that shows a sheet for each pulse (see `View.sheet(reactor:pulse:content:)`).
  struct PulseSheet<Base: View, R: Reactor, Item: Identifiable, Content: View>: View {
    let base: Base
    let reactor: R
    let pulse: KeyPath<R.State, Pulse<Item?>>
    let content: (Item) -> Content
    @State private var handling = PulseHandling()

    var body: some View {
      base.sheet(item: reactor.pulseBinding(pulse, handledBy: handling).binding, content: content)
    }
  }
#endif
