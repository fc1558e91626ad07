import ReactorFlow

/// A two-way connection to one property of a reactor's state: reading it reads the property
/// (tracked by Observation for that property alone, as `reactor[\.query]`); writing it sends the
/// action made from the new value. The state changes only through the reactor.
///
/// ```swift
/// let query = reactor.bindingModel(\.query) { .setQuery($0) }
/// query.value = "swift"   // sends .setQuery("swift")
/// ```
///
/// In a SwiftUI view, `reactor.binding(\.query) { .setQuery($0) }` is a `SwiftUI.Binding` made
/// from this (see `ReactorFlowSwiftUI`'s `Reactor.binding(_:send:)`).
@MainActor
public struct ReactorBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    read = get
    write = set
  }

  /// The property's current value; setting it sends the action (every time, even for an equal
  /// value: it is what the user did).
  public var value: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }
}

extension Reactor {
  /// A binding to the state's property at `keyPath` that sends `action(newValue)` when written.
  /// Reading it is tracked for that property alone (`Equatable` values are compared).
  public func bindingModel<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(get: { self[keyPath] }, set: { self.sendWithoutCallSite(action($0)) })
  }

  /// A binding to the state's property at `keyPath` that sends `action(newValue)` when written.
  /// The value is not `Equatable`: every change of the state counts as a change of it.
  @_disfavoredOverload
  public func bindingModel<Value>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(get: { self[keyPath] }, set: { self.sendWithoutCallSite(action($0)) })
  }
}

extension Reactor where Action: BindableAction, Action.State == State {
  /// A binding to the state's field at `keyPath` that sends `.binding(.set(keyPath, newValue))`
  /// when written: every field of a form through the action's one `binding` case (see
  /// `BindingChange`).
  ///
  /// ```swift
  /// let name = signUp.bindingModel(\.name)
  /// name.value = "Ada"   // sends .binding(.set(\.name, "Ada"))
  /// ```
  public func bindingModel<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> ReactorBinding<Value> {
    bindingModel(keyPath) { .binding(.set(keyPath, $0)) }
  }
}
