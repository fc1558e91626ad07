extension ReactorFlowDiagnostics {
  /// A diagnostic as a ``Handler`` and ``globalHandler`` receive it: the typed value ReactorFlow
  /// reported, and its text.
  ///
  /// Match the value to react to one kind of diagnostic:
  ///
  /// ```swift
  /// ReactorFlowDiagnostics.globalHandler = { diagnostic in
  ///   switch diagnostic.value {
  ///   case let flow as FlowDiagnostic: print("navigation:", flow)
  ///   case let reactor as ReactorDiagnostic: print("reactor:", reactor)
  ///   default: print(diagnostic.message)
  ///   }
  /// }
  /// ```
  ///
  /// A test compares cases, not text — a case fixes its message: with ReactorFlowTesting's
  /// `withDiagnostics`, `#expect(diagnostics == [.reactor(.storeNotStored(reactor: "CounterReactor"))])`
  /// (``reactor(_:)``, ``flow(_:)``, ``text(_:)``, and `screenTree(_:)` in ReactorFlowHeadless),
  /// or `diagnostic.as(FlowDiagnostic.self)` to match one case with `if case`.
  ///
  /// Two diagnostics are equal when their values are of the same type and equal: values of an
  /// `Equatable` type (every diagnostic ReactorFlow reports, text included) are compared with
  /// `==`; values of another type, with their ``message``.
  public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What was reported: a ``ReactorDiagnostic``, a ``FlowDiagnostic``, a
    /// `ScreenTreeDiagnostic` (ReactorFlowHeadless), or a `String` for a diagnostic reported as
    /// text only (``ReactorFlowDiagnostics/emit(_:)``).
    public let value: any Sendable & CustomStringConvertible

    /// A diagnostic that reports `value`.
    public init(_ value: any Sendable & CustomStringConvertible) {
      self.value = value
    }

    /// What happened and how to fix it. It may quote untrusted text (a deep link, an error's
    /// description): write it through ``ReactorFlowDiagnostics/escaped(_:)`` to a terminal or a
    /// log.
    public var message: String { value.description }

    /// The same as ``message``.
    public var description: String { message }

    /// The reported value if it is a `Value` — `diagnostic.as(FlowDiagnostic.self)` — else `nil`.
    public func `as`<Value>(_ type: Value.Type) -> Value? {
      value as? Value
    }

    /// A reactor's diagnostic.
    public static func reactor(_ diagnostic: ReactorDiagnostic) -> Self {
      Self(diagnostic)
    }

    /// The coordinator's diagnostic.
    public static func flow(_ diagnostic: FlowDiagnostic) -> Self {
      Self(diagnostic)
    }

    /// A diagnostic reported as text only, with ``ReactorFlowDiagnostics/emit(_:)``.
    public static func text(_ message: String) -> Self {
      Self(message)
    }

    /// Whether both report values of the same type that are equal: with `==` for an `Equatable`
    /// type, else by their messages.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      equalValues(lhs.value, rhs.value) ?? (lhs.message == rhs.message)
    }
  }
}

/// Whether `lhs` and `rhs` are equal values of one type: `false` for values of different types;
/// `nil` when the type is not `Equatable`, and the caller decides how to compare them.
func equalValues(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)) else { return false }
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  /// Opens an `any Equatable` to compare it with a value of its own type.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
