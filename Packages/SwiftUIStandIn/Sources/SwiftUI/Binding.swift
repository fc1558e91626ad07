/// SwiftUI's `Binding`: a two-way connection between a property that stores data and a view
/// that displays and changes it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let getValue: () -> Value
  private let setValue: (Value) -> Void

  /// Creates a binding with closures that read and write the value.
  nonisolated public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    getValue = get
    setValue = set
  }

  /// A binding to a value that never changes.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The underlying value.
  public var wrappedValue: Value {
    get { getValue() }
    nonmutating set { setValue(newValue) }
  }

  /// The binding itself.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      })
  }
}

/// SwiftUI's `DynamicProperty`: a stored property of a view that SwiftUI updates before each
/// evaluation of the body.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
  /// Updates the property's value before the body is evaluated.
  mutating func update()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension DynamicProperty {
  /// Does nothing by default.
  public mutating func update() {}
}

/// SwiftUI's `State`: a property wrapper that stores a value SwiftUI keeps for the lifetime of
/// the view's identity (the value given to the first instance; later instances' are discarded).
///
/// Stand-in: it stores the value in a box of its own; it has no view identity.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
  private final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
  private let box: Box

  /// Creates the state with an initial value.
  nonisolated public init(wrappedValue value: Value) { box = Box(value) }

  /// Creates the state with an initial value.
  nonisolated public init(initialValue value: Value) { box = Box(value) }

  /// The stored value.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }

  /// A binding to the stored value.
  public var projectedValue: Binding<Value> {
    let box = self.box
    return Binding(get: { box.value }, set: { box.value = $0 })
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State where Value: ExpressibleByNilLiteral {
  /// Creates a state holding `nil`.
  nonisolated public init() { self.init(wrappedValue: nil) }
}
