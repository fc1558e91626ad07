/// Runs an ``Effect`` to its end, asynchronously: the reactor's asynchronous mutations and a
/// flow's asynchronous `adapt(step:)` share it.
@MainActor
enum EffectDriver {
  /// Runs `effect` to its end on the main actor; operations run off it.
  static func drive<E>(
    _ effect: Effect<E>, deliver: @escaping @MainActor @Sendable (E) -> Void
  ) async throws {
    switch effect.kind {
    case .none, .upstream, .cancel:
      // A cancel inside a running effect is rare; it is handled when walked synchronously.
      break
    case .deferred(let make):
      try await drive(make(), deliver: deliver)
    case .just(let element):
      deliver(element)
    case .many(let elements):
      for element in elements { deliver(element) }
    case .concat(let effects):
      for effect in effects {
        try Task.checkCancellation()
        try await drive(effect, deliver: deliver)
      }
    case .merge(let effects):
      try await withThrowingTaskGroup(of: Void.self) { group in
        for effect in effects {
          let part = UnsafeSendable(effect)
          group.addTask { try await drive(part.value, deliver: deliver) }
        }
        try await group.waitForAll()
      }
    case .operation(let operation):
      if let start = operation.start {
        try await start().run(Send(deliver))
      }
      for effect in operation.composite {
        try await drive(effect, deliver: deliver)
      }
    }
  }
}

/// Carries a value into a main-actor task: the value is built and used on the main actor only.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
