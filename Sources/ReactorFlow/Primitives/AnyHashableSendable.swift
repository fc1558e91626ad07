/// A type-erased hashable and sendable value: the id of a cancellable effect.
@usableFromInline
struct AnyHashableSendable: Hashable, @unchecked Sendable {
  // Only ever built from a `Hashable & Sendable` value.
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
}
