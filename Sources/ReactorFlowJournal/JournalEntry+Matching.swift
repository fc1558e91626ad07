import ReactorFlow

/// What a replay and a restoration share: whether an entry of the running app is the one a
/// journal recorded, and a recorded value rebuilt from its payload.
extension JournalEntry.Event {
  /// Whether two events say the same: their kind, and their value (by type and description, or
  /// by encoded form for states).
  package func isSame(as other: Self) -> Bool {
    switch (self, other) {
    case (.action(let a), .action(let b)), (.step(let a), .step(let b)), (.mutation(let a), .mutation(let b)):
      return a.typeName == b.typeName && a.description == b.description
    case (.effectOutput(let n, let a), .effectOutput(let m, let b)):
      return n == m && a.typeName == b.typeName && a.description == b.description
    case (.stateSnapshot(let a), .stateSnapshot(let b)):
      if let x = a.json, let y = b.json { return x == y }
      return a.description == b.description
    case (.deepLink(let a), .deepLink(let b)), (.navigation(let a), .navigation(let b)),
      (.diagnostic(let a), .diagnostic(let b)), (.renderedTree(let a), .renderedTree(let b)):
      return a == b
    case (.gesture(let a), .gesture(let b)):
      return a == b
    default:
      return false
    }
  }
}

extension JournalPayload {
  /// The recorded value, or its encoded form decoded as `type`.
  package func value(as type: Any.Type) throws(JournalPayloadError) -> Any {
    if let value { return value }
    guard let decodable = type as? any Decodable.Type else {
      throw .notCodable(type: String(reflecting: type))
    }
    func decode<T: Decodable>(_: T.Type) throws(JournalPayloadError) -> Any {
      try decoded(as: T.self)
    }
    return try decode(decodable)
  }

  /// The recorded step, or its encoded form decoded as the type of `types` that its recorded type
  /// name names; `nil` when none does (or the recorded value is not a step).
  package func step(among types: [any (Step & Decodable).Type]) throws(JournalPayloadError) -> (any Step)? {
    if let value { return value as? any Step }
    guard let type = types.first(where: { String(reflecting: $0) == typeName }) else { return nil }
    return try self.value(as: type) as? any Step
  }

  /// What a journal says to a replay or a restoration that meets a step it cannot rebuild.
  package static func unknownStepType(_ typeName: String) -> String {
    """
    no step type is named \(typeName): pass it in `steps:` (it must conform to Codable) \
    to replay a journal read from a file.
    """
  }
}
