/// Sends the elements of an asynchronous effect back to its reactor, to be reduced on the main
/// actor in the order they are sent.
///
/// ```swift
/// return .run { send in
///   await send(.setLoading(true))
///   let items = try await api.fetch()
///   await send(.setItems(items))
/// }
/// ```
public struct Send<Element>: Sendable {
  let deliver: @MainActor @Sendable (Element) -> Void

  init(_ deliver: @escaping @MainActor @Sendable (Element) -> Void) {
    self.deliver = deliver
  }
}

extension Send where Element: Sendable {
  /// Reduces `element` on the main actor and returns once it has been reduced and observed.
  /// After the reactor is released, the element is discarded (the operation is being cancelled).
  public func callAsFunction(_ element: Element) async {
    await deliver(element)
  }
}
