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

  extension ReactorBinding {
    /// The same connection as a SwiftUI `Binding`.
    public var binding: Binding<Value> {
      Binding(get: { self.value }, set: { self.value = $0 })
    }
  }
#endif
