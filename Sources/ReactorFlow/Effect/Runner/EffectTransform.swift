/// The closure of an element-wise operator (``Effect/map(_:)``, ``Effect/filter(_:)``,
/// ``Effect/compactMap(_:)``): `nil` drops the element.
///
/// Called on the main actor only, where the effect that holds it is walked. An ``Effect`` is not
/// `Sendable`: the closure stays in the isolation domain of the reactor or flow that runs the
/// effect, even when it is carried by the `Send` of an operation that runs elsewhere (the
/// operation never calls it; the delivery on the main actor does). Hence `@unchecked`.
struct EffectTransform<Source, Element>: @unchecked Sendable {
  let body: (Source) -> Element?

  /// The element `source` becomes, or `nil` when it is dropped.
  @MainActor
  func apply(_ source: Source) -> Element? { body(source) }
}
