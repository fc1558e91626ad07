/// A state property that emits on every assignment, even of an equal value — for one-shot
/// events such as an alert or a navigation request.
///
/// ```swift
/// struct State {
///   @Pulse var alertMessage: String?
/// }
/// // in reduce: newState.alertMessage = "No digits, please"
/// // in bind:   reactor.pulse(\.$alertMessage) { … }
/// ```
///
/// Each assignment increments ``valueUpdatedCount``; ``Reactor/pulse(_:_:)`` calls back when
/// the count changes.
@propertyWrapper
public struct Pulse<Value> {
  /// The last assigned value.
  public var value: Value {
    didSet { valueUpdatedCount &+= 1 }
  }

  /// How many times a value was assigned (wraps around).
  public internal(set) var valueUpdatedCount: UInt = 0

  /// Creates a pulse holding `wrappedValue`; the initial value does not count as an assignment.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The last value assigned. Each assignment, even of an equal value, is a new pulse: it
  /// increments ``valueUpdatedCount`` and reaches the subscribers of `reactor.pulse(_:_:)`.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The pulse itself, for ``Reactor/pulse(_:_:)``: `reactor.pulse(\.$alertMessage)`.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}
extension Pulse: Sendable where Value: Sendable {}

/// A ``Pulse`` of any value, for per-property tracking: its count tells a pulse from no change.
@usableFromInline
protocol PulseCounting {
  var valueUpdatedCount: UInt { get }
}

extension Pulse: PulseCounting {}
