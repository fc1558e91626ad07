#if canImport(SwiftUI)
  import ReactorFlow
  import SwiftUI

  extension Reactor {
    /// A SwiftUI binding to the state's property at `keyPath` that sends `action(newValue)` when
    /// the control writes it. The view that reads it is invalidated only when that property
    /// changes.
    ///
    /// ```swift
    /// struct ProfileView: View {
    ///   let reactor: ProfileReactor
    ///
    ///   var body: some View {
    ///     VStack {
    ///       TextField("Search", text: reactor.binding(\.query) { .setQuery($0) })
    ///       Toggle("Notify", isOn: reactor.binding(\.notifies) { .setNotifies($0) })
    ///     }
    ///   }
    /// }
    /// ```
    public func binding<Value: Equatable>(
      _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
    ) -> Binding<Value> {
      bindingModel(keyPath, send: action).binding
    }

    /// A SwiftUI binding to the state's property at `keyPath` that sends `action(newValue)` when
    /// written. The value is not `Equatable`: every change of the state invalidates the view.
    @_disfavoredOverload
    public func binding<Value>(
      _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
    ) -> Binding<Value> {
      bindingModel(keyPath, send: action).binding
    }
  }

  extension Reactor where Action: BindableAction, Action.State == State {
    /// A SwiftUI binding to the state's field at `keyPath` that sends
    /// `.binding(.set(keyPath, newValue))` when the control writes it: a form's fields through
    /// the action's one `binding` case (see `BindingChange`).
    ///
    /// ```swift
    /// struct SignUpForm: View {
    ///   let reactor: SignUpReactor
    ///
    ///   var body: some View {
    ///     VStack {
    ///       TextField("Name", text: reactor.binding(\.name))
    ///       Toggle("Notify me", isOn: reactor.binding(\.notifies))
    ///     }
    ///   }
    /// }
    /// ```
    public func binding<Value: Equatable & Sendable>(
      _ keyPath: WritableKeyPath<State, Value> & Sendable
    ) -> Binding<Value> {
      bindingModel(keyPath).binding
    }
  }

  extension ReactorBinding {
    /// The same connection as a SwiftUI `Binding`.
    public var binding: Binding<Value> {
      Binding(get: { self.value }, set: { self.value = $0 })
    }
  }
#endif
