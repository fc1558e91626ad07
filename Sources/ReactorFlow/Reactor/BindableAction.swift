/// One field of a reactor's state set to a new value by a control: a form's fields send their
/// edits through one action case instead of a case per field.
///
/// The change goes through the reactor like any action: `mutate` passes it on (or looks at it
/// first, with ``value(at:)``), `reduce` applies it with ``apply(to:)``.
///
/// ```swift
/// final class SignUpReactor: Reactor {
///   enum Action: BindableAction, Equatable {
///     case binding(BindingChange<State>)
///     case save
///   }
///   enum Mutation {
///     case binding(BindingChange<State>)
///     case setSaved(Bool)
///   }
///   struct State {
///     var name = ""
///     var notifies = false
///     var isSaved = false
///   }
///
///   let initialState = State()
///   let store = ReactorStore<SignUpReactor>()
///
///   func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .binding(let change): .just(.binding(change))
///     case .save: .just(.setSaved(true))
///     }
///   }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     var state = state
///     switch mutation {
///     case .binding(let change):
///       change.apply(to: &state)
///       state.isSaved = false
///     case .setSaved(let saved):
///       state.isSaved = saved
///     }
///     return state
///   }
/// }
/// ```
///
/// A text field then sends `.binding(.set(\.name, text))`; in SwiftUI,
/// `TextField("Name", text: reactor.binding(\.name))` does it for you.
public struct BindingChange<State>: Sendable, Equatable, CustomStringConvertible {
  /// The field this change sets.
  public let keyPath: PartialKeyPath<State> & Sendable
  private let newValue: any Sendable
  private let write: @Sendable (inout State) -> Void
  private let isEqual: @Sendable (any Sendable) -> Bool

  /// A change that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> BindingChange {
    BindingChange(
      keyPath: keyPath, newValue: value,
      write: { $0[keyPath: keyPath] = value },
      isEqual: { ($0 as? Value) == value })
  }

  private init(
    keyPath: PartialKeyPath<State> & Sendable, newValue: any Sendable,
    write: @escaping @Sendable (inout State) -> Void,
    isEqual: @escaping @Sendable (any Sendable) -> Bool
  ) {
    self.keyPath = keyPath
    self.newValue = newValue
    self.write = write
    self.isEqual = isEqual
  }

  /// Sets the field in `state`.
  public func apply(to state: inout State) {
    write(&state)
  }

  /// The new value, when this change sets the field at `keyPath`; `nil` when it sets another
  /// field. Lets `mutate` react to one field (validate an address as it is typed).
  public func value<Value>(at keyPath: KeyPath<State, Value>) -> Value? {
    guard self.keyPath as AnyKeyPath == keyPath as AnyKeyPath else { return nil }
    return newValue as? Value
  }

  /// Two changes are equal when they set the same field to equal values.
  public static func == (lhs: BindingChange, rhs: BindingChange) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.newValue)
  }

  /// `set <key path> to <value>`, for logs and test failures.
  public var description: String {
    "set \(keyPath) to \(String(reflecting: newValue))"
  }
}

/// An action with a case that carries a ``BindingChange``: the reactor's fields can then be
/// bound to controls without an action case per field (`reactor.bindingModel(\.name)`, or
/// `reactor.binding(\.name)` in SwiftUI).
///
/// An enum's `case binding(BindingChange<State>)` is the requirement.
public protocol BindableAction {
  /// The state whose fields the changes set.
  associatedtype State
  /// The action that carries `change`.
  static func binding(_ change: BindingChange<State>) -> Self
}
